// D3: rules for whole bodies, the same on every endpoint that reads one.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { api, jiraRequest } from '../support/http';

const server = useTestServer();

const ENDPOINTS: [string, string][] = [
  ['POST', '/manage/admin/connector'],
  ['PATCH', '/manage/set-user-role'],
];

describe.each(ENDPOINTS)('D3 whole bodies on %s %s', (method, path) => {
  it('no body → ["body"] missing', async () => {
    const response = await api(server, method, path);
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
    });
  });

  it('an empty body declared JSON → ["body"] missing', async () => {
    const response = await api(server, method, path, { raw: '' });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
    });
  });

  it.each(['[]', '[{}]', '"text"', '42', 'null', 'true'])(
    '%s → ["body"] dict_type',
    async (raw) => {
      const response = await api(server, method, path, { raw });
      expect(response.status).toBe(422);
      expect(response.json).toEqual({
        detail: [{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }],
      });
    },
  );

  it.each([
    ['{"a":', 5],
    ['{', 1],
    ['{"a" 1}', 5],
    ['{"a": 1,}', 8],
    ["{'a': 1}", 1],
    ['{"a": tru}', 6],
    ['{"a": 1} x', 9],
    ['nonsense', 0],
  ])('%s → json_invalid at ["body", %d]', async (raw, offset) => {
    const response = await api(server, method, path, { raw });
    expect(response.status).toBe(422);
    const detail = (response.json as { detail: { loc: unknown[]; msg: string; type: string }[] })
      .detail;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toEqual({
      loc: ['body', offset],
      msg: expect.any(String),
      type: 'json_invalid',
    });
    expect(detail[0]!.msg.length).toBeGreaterThan(0);
  });

  it('a JSON error offset counts characters (code points), not UTF-16 units', async () => {
    const response = await api(server, method, path, { raw: '{"name": "😀😀", x}' });
    expect(response.status).toBe(422);
    expect((response.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual([
      'body',
      15,
    ]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'text/json'])(
    'a body sent as %s → 415',
    async (contentType) => {
      const response = await api(server, method, path, {
        raw: '{}',
        headers: { 'content-type': contentType },
      });
      expect(response.status).toBe(415);
      expect(response.json).toEqual({ detail: 'Unsupported Media Type' });
    },
  );

  it('a body with no Content-Type → 415', async () => {
    const response = await fetch(`${server.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminKey}` },
      body: new TextEncoder().encode('{}'),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ detail: 'Unsupported Media Type' });
  });

  it('text/plain with no body is not a 415: → ["body"] missing', async () => {
    const response = await api(server, method, path, {
      raw: '',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
    });
  });
});

describe('D3 JSON media type with parameters', () => {
  it.each([
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/json;charset=UTF-8',
  ])('POST with %s is accepted', async (contentType) => {
    const response = await api(server, 'POST', '/manage/admin/connector', {
      raw: JSON.stringify(jiraRequest()),
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ id: expect.any(Number), credential: null });
  });

  it('PATCH set-user-role with charset is accepted', async () => {
    const response = await api(server, 'PATCH', '/manage/set-user-role', {
      raw: JSON.stringify({ user_email: server.adminEmail, new_role: 'admin' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('null');
  });
});
