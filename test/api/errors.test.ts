// D11 error shapes and D2's order of answers: 404/405 → 401 → 403 → 413 → 415 → 422.
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/harness';
import { useTestServer } from '../support/useTestServer';
import { NOT_AUTHENTICATED, NOT_ADMIN, NOT_CURATOR, api } from '../support/http';

const server = useTestServer();

const MiB = 1024 * 1024;
/** A JSON body just over 1 MiB. */
const hugeBody = () => JSON.stringify({ name: 'x'.repeat(MiB) });

describe('D11 unknown path and wrong method', () => {
  it.each([
    '/nope',
    '/manage',
    '/manage/admin/connectors',
    '/manage/admin/connector/1/credential',
    '/manage/admin/connector/',
  ])('GET %s → 404 Not Found, even without a key', async (path) => {
    const response = await api(server, 'GET', path, { key: null });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: 'Not Found' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['DELETE', '/manage/admin/connector'],
    ['PUT', '/manage/admin/connector'],
    ['POST', '/manage/admin/credential'],
    ['GET', '/manage/admin/connector/1/credential/0'],
    ['POST', '/manage/admin/connector/1/credential/0'],
    ['PUT', '/manage/admin/connector/1'],
    ['POST', '/manage/set-user-role'],
    ['GET', '/manage/set-user-role'],
    ['POST', '/versions'],
    ['DELETE', '/version'],
    ['POST', '/health'],
  ])('%s %s → 405 Method Not Allowed before any 401', async (method, path) => {
    const response = await api(server, method, path, { key: null });
    expect(response.status).toBe(405);
    expect(response.json).toEqual({ detail: 'Method Not Allowed' });
  });

  it('a path that cannot be percent-decoded → 400 with detail, before any 401', async () => {
    const response = await api(server, 'GET', '/manage/admin/connector/%E0%A4%A/credential/0', {
      key: null,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ detail: expect.any(String) });
  });

  it('405 names the allowed methods', async () => {
    const response = await api(server, 'DELETE', '/manage/admin/connector', { key: null });
    expect(response.headers.get('allow')?.split(', ')).toEqual(
      expect.arrayContaining(['GET', 'POST']),
    );
  });
});

describe('D2 order of answers', () => {
  it('unauthenticated with an invalid body → 401, never 422', async () => {
    for (const raw of ['', '[]', '{"a":', '{}']) {
      const response = await api(server, 'POST', '/manage/admin/connector', { key: null, raw });
      expect(response.status).toBe(401);
      expect(response.json).toEqual(NOT_AUTHENTICATED);
    }
    const patch = await api(server, 'PATCH', '/manage/set-user-role', { key: null, raw: '{' });
    expect(patch.status).toBe(401);
  });

  it('unauthenticated with a body that is not JSON → 401, not 415', async () => {
    const response = await api(server, 'POST', '/manage/admin/connector', {
      key: null,
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(401);
  });

  it('a basic user with an invalid body → 403, never 422', async () => {
    const key = await server.keyFor('basic');
    const post = await api(server, 'POST', '/manage/admin/connector', { key, body: {} });
    expect(post.status).toBe(403);
    expect(post.json).toEqual(NOT_CURATOR);
    const patch = await api(server, 'PATCH', '/manage/set-user-role', { key, raw: '[' });
    expect(patch.status).toBe(403);
    expect(patch.json).toEqual(NOT_ADMIN);
  });

  it('a curator with an invalid set-user-role body → 403, not 422', async () => {
    const key = await server.keyFor('curator');
    const response = await api(server, 'PATCH', '/manage/set-user-role', {
      key,
      body: { user_email: 5 },
    });
    expect(response.status).toBe(403);
  });

  it('forbidden caller with a body over 1 MiB → 403, not 413', async () => {
    const key = await server.keyFor('basic');
    const response = await api(server, 'POST', '/manage/admin/connector', { key, raw: hugeBody() });
    expect(response.status).toBe(403);
  });

  it('unauthenticated caller with a body over 1 MiB → 401, not 413', async () => {
    const response = await api(server, 'POST', '/manage/admin/connector', {
      key: null,
      raw: hugeBody(),
    });
    expect(response.status).toBe(401);
  });

  it('too large beats not JSON: 413 before 415', async () => {
    const response = await api(server, 'POST', '/manage/admin/connector', {
      raw: 'x'.repeat(MiB + 1),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(413);
  });
});

describe('D11 413 for a body over 1 MiB, after authentication', () => {
  it.each([
    ['POST', '/manage/admin/connector'],
    ['PATCH', '/manage/set-user-role'],
    ['PUT', '/manage/admin/connector/1/credential/0'],
  ])('%s %s', async (method, path) => {
    const response = await api(server, method, path, { raw: hugeBody() });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ detail: expect.any(String) });
  });

  it('a body of exactly 1 MiB is not too large', async () => {
    const body = JSON.stringify({ name: '' });
    const raw = body.slice(0, -2) + ' '.repeat(MiB - body.length) + '"}';
    expect(Buffer.byteLength(raw)).toBe(MiB);
    const response = await api(server, 'POST', '/manage/admin/connector', { raw });
    expect(response.status).toBe(422);
  });

  it('a body over 1 MiB sent in chunks, without a length → 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.apiUrl}/manage/admin/connector`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('D11 500 shape', () => {
  it('an unexpected failure → {"detail":"Internal Server Error"}, nothing more', async () => {
    const broken = await startTestServer();
    try {
      // PostgreSQL refuses to drop a table others refer to unless told to drop those references too.
      const drop = (table: string) => {
        const dropping = broken.store.db.schema.dropTable(table);
        return (broken.store.dialect === 'postgres' ? dropping.cascade() : dropping).execute();
      };
      await drop('connector_credential_pairs');
      const response = await api(broken, 'GET', '/manage/admin/connector');
      expect(response.status).toBe(500);
      expect(response.text).toBe('{"detail":"Internal Server Error"}');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await drop('connectors');
      const create = await api(broken, 'POST', '/manage/admin/connector', {
        body: { name: 'n', source: 'file', input_type: 'poll', connector_specific_config: {} },
      });
      expect(create.status).toBe(500);
      expect(create.text).toBe('{"detail":"Internal Server Error"}');
    } finally {
      await broken.close();
    }
  });
});
