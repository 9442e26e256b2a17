// D2: bearer keys. Every way of not being authenticated gets the same 401.
import { describe, expect, it } from 'vitest';
import { listApiKeys, revokeApiKey } from '../../server/auth/apiKeys';
import { useTestServer } from '../support/useTestServer';
import { NOT_AUTHENTICATED, api } from '../support/http';

const server = useTestServer();

const PROTECTED: [string, string][] = [
  ['GET', '/manage/admin/connector'],
  ['POST', '/manage/admin/connector'],
  ['GET', '/manage/admin/connector-status'],
  ['GET', '/manage/admin/credential'],
  ['PUT', '/manage/admin/connector/1/credential/0'],
  ['PATCH', '/manage/set-user-role'],
  ['POST', '/manage/credential'],
  ['PATCH', '/manage/admin/credential/1'],
  ['DELETE', '/manage/admin/credential/1'],
  ['GET', '/manage/admin/connector/1'],
  ['PATCH', '/manage/admin/connector/1'],
  ['DELETE', '/manage/admin/connector/1'],
  ['DELETE', '/manage/admin/connector/1/credential/0'],
  ['GET', '/manage/users/accepted'],
  ['POST', '/manage/admin/connector/test'],
  ['GET', '/me'],
];

async function expect401(
  authorization: string | null,
  method = 'GET',
  path = '/manage/admin/connector',
) {
  const response = await api(server, method, path, {
    key: null,
    headers: authorization === null ? {} : { authorization },
  });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe('Bearer');
  expect(response.json).toEqual(NOT_AUTHENTICATED);
}

describe('D2 missing, malformed or unknown key → 401', () => {
  it.each(PROTECTED)('%s %s without an Authorization header', async (method, path) => {
    await expect401(null, method, path);
  });

  it('a bare key without the scheme', async () => {
    await expect401(server.adminKey);
  });

  it('another scheme', async () => {
    await expect401(`Basic ${server.adminKey}`);
    await expect401(`Token ${server.adminKey}`);
  });

  it('two spaces between the scheme and the key', async () => {
    await expect401(`Bearer  ${server.adminKey}`);
  });

  it('the scheme with no key, or a key followed by more words', async () => {
    await expect401('Bearer');
    await expect401('Bearer ');
    await expect401(`Bearer ${server.adminKey} extra`);
  });

  it('an unknown key', async () => {
    await expect401('Bearer sd_not-a-key-anyone-was-given');
    await expect401(`Bearer ${server.adminKey}x`);
  });

  it('a revoked key', async () => {
    const key = await server.keyFor('admin');
    expect((await api(server, 'GET', '/manage/admin/connector', { key })).status).toBe(200);
    const listed = await listApiKeys(server.store.db);
    const id = listed[listed.length - 1]!.id;
    expect(await revokeApiKey(server.store.db, id)).toBe(true);
    await expect401(`Bearer ${key}`);
  });

  it('revoking one key leaves the user’s other keys working', async () => {
    const email = 'two.keys@sourcedesk.test';
    const first = await server.keyFor('admin', email);
    const second = await server.keyFor('admin', email);
    const listed = await listApiKeys(server.store.db);
    await revokeApiKey(server.store.db, listed[listed.length - 2]!.id);
    expect((await api(server, 'GET', '/manage/admin/connector', { key: first })).status).toBe(401);
    expect((await api(server, 'GET', '/manage/admin/connector', { key: second })).status).toBe(200);
  });
});

describe('D2 the scheme word in any letter case', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('%s <key> is accepted', async (scheme) => {
    const response = await api(server, 'GET', '/manage/admin/connector', {
      key: null,
      headers: { authorization: `${scheme} ${server.adminKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([]);
  });
});

describe('D2 /versions, /version and /health need no key and ignore one', () => {
  it.each(['/versions', '/version', '/health'])('%s', async (path) => {
    const without = await api(server, 'GET', path, { key: null });
    expect(without.status).toBe(200);
    for (const authorization of [
      'Bearer nonsense',
      'Basic abc',
      'garbage',
      `Bearer ${server.adminKey}`,
    ]) {
      const response = await api(server, 'GET', path, { key: null, headers: { authorization } });
      expect(response.status).toBe(200);
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(response.json).toEqual(without.json);
    }
  });
});
