// SCIM 2.0 (docs/scim.md): a conformance suite of our own for RFC 7644's
// discovery, users, list/filter/paging and errors, in Okta's and Entra ID's
// dialects, on SQLite (api) and PostgreSQL (api-pg). Groups: scim-groups.test.ts.
import { describe, expect, it } from 'vitest';
import { api, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';
import { ERROR_SCHEMA, makeScimToken, oktaUser, patchOp, scim, USER_SCHEMA } from '../support/scim';

const server = useTestServer();
let n = 0;
const address = (name = 'person') => `${name}.${++n}@scim.test`;

interface ScimUser {
  id: string;
  userName: string;
  active: boolean;
  externalId?: string;
  groups?: unknown[];
}

async function createScimUser(token: string, email = address(), more = {}) {
  const made = await scim(server, token, 'POST', '/Users', { body: oktaUser(email, more) });
  expect(made.status).toBe(201);
  return made.json as ScimUser;
}

const userRow = (id: string) =>
  server.store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('discovery (RFC 7643 §5–7), without a token', () => {
  it('answers ServiceProviderConfig, and ResourceTypes and Schemas as ListResponses', async () => {
    const config = await scim(server, null, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(config.json).toMatchObject({ patch: { supported: true }, filter: { maxResults: 500 } });
    for (const path of ['/ResourceTypes', '/Schemas']) {
      const list = await scim(server, null, 'GET', path);
      expect(list.status).toBe(200);
      expect(list.json).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 2,
      });
    }
  });
});

describe('the token', () => {
  it('is made by an admin only, shown once, and rotating it stops the old one at once', async () => {
    const basic = await server.keyFor('basic');
    const refused = await api(server, 'POST', '/admin/enterprise-settings/scim/token', {
      key: basic,
      body: { name: 'Okta' },
    });
    expect(refused.status).toBe(403);

    const first = await makeScimToken(server, 'Okta');
    expect(first).toMatch(/^sd_scim_/);
    const shown = await api(server, 'GET', '/admin/enterprise-settings/scim/token');
    expect(shown.json).toMatchObject({ name: 'Okta', last_four: first.slice(-4) });
    expect(shown.text).not.toContain(first);
    expect((await scim(server, first, 'GET', '/Users?count=1')).status).toBe(200);
    const used = await api(server, 'GET', '/admin/enterprise-settings/scim/token');
    expect((used.json as { last_used_at: string | null }).last_used_at).not.toBeNull();

    const second = await makeScimToken(server, 'Entra');
    const old = await scim(server, first, 'GET', '/Users');
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    expect((await scim(server, second, 'GET', '/Users?count=1')).status).toBe(200);
  });

  it('reaches only SCIM, and no other key reaches SCIM', async () => {
    const token = await makeScimToken(server);
    expect((await scim(server, server.adminKey, 'GET', '/Users')).status).toBe(401);
    expect((await scim(server, 'sd_scim_wrong', 'GET', '/Users')).status).toBe(401);
    expect((await scim(server, null, 'GET', '/Users')).status).toBe(401);
    const admin = await api(server, 'GET', '/manage/users/accepted', { key: token });
    expect(admin.status).toBe(401);
  });
});

describe('Users', () => {
  it('creates a basic user managed by the provider, reads and lists them by userName', async () => {
    const token = await makeScimToken(server);
    const email = address('Ada');
    const made = await createScimUser(token, email, { externalId: 'okta-1' });
    expect(made).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: email,
      active: true,
      externalId: 'okta-1',
    });
    expect((await userRow(made.id)).role).toBe('basic');

    const read = await scim(server, token, 'GET', `/Users/${made.id}`);
    expect(read.json).toMatchObject({ id: made.id, userName: email, groups: [] });

    const filter = encodeURIComponent(`userName eq "${email.toUpperCase()}"`);
    const found = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${filter}&excludedAttributes=groups`,
    );
    expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id: made.id }] });
    expect((found.json as { Resources: ScimUser[] }).Resources[0]!.groups).toBeUndefined();

    const byExternal = await scim(
      server,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "okta-1"')}`,
    );
    expect(byExternal.json).toMatchObject({ totalResults: 1 });
  });

  it('pages with startIndex and count, and never answers more than 500', async () => {
    const token = await makeScimToken(server);
    for (let i = 0; i < 3; i++) await createScimUser(token, address('page'));
    const filter = encodeURIComponent('userName sw "page."');
    const page = await scim(server, token, 'GET', `/Users?filter=${filter}&startIndex=2&count=1`);
    expect(page.json).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    const capped = await scim(server, token, 'GET', `/Users?count=100000`);
    expect((capped.json as { itemsPerPage: number }).itemsPerPage).toBeLessThanOrEqual(500);
    const none = await scim(server, token, 'GET', `/Users?filter=${filter}&count=0`);
    expect(none.json).toMatchObject({ totalResults: 3, Resources: [] });
  });

  it('answers 409 in Onyx words for an address SCIM already manages', async () => {
    const token = await makeScimToken(server);
    const email = address();
    await createScimUser(token, email);
    const again = await scim(server, token, 'POST', '/Users', { body: oktaUser(email) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      schemas: [ERROR_SCHEMA],
      status: '409',
      scimType: 'uniqueness',
      detail: `User with email ${email} already exists`,
    });
  });

  it('adopts an existing basic user, but never an admin or a global curator', async () => {
    const token = await makeScimToken(server);
    const email = address('existing');
    await server.keyFor('basic', email);
    const adopted = await scim(server, token, 'POST', '/Users', { body: oktaUser(email) });
    expect(adopted.status).toBe(201);
    const managed = await api(server, 'GET', '/admin/enterprise-settings/scim/users');
    expect((managed.json as { user_ids: string[] }).user_ids).toContain(
      (adopted.json as ScimUser).id,
    );

    for (const role of ['admin', 'global_curator'] as const) {
      const privileged = address(role);
      await server.keyFor(role, privileged);
      const refused = await scim(server, token, 'POST', '/Users', { body: oktaUser(privileged) });
      expect(refused.status).toBe(409);
      const listed = await scim(
        server,
        token,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${privileged}"`)}`,
      );
      const { id } = (listed.json as { Resources: ScimUser[] }).Resources[0]!;
      const patched = await scim(server, token, 'PATCH', `/Users/${id}`, {
        body: patchOp({ op: 'replace', value: { active: false } }),
      });
      expect(patched.status).toBe(409);
      expect((await userRow(id)).is_active).toBe(1);
    }
  });

  it.each([
    ['Okta', patchOp({ op: 'replace', value: { active: false } })],
    ['Entra ID', patchOp({ op: 'Replace', path: 'active', value: 'False' })],
  ])(
    'deactivates in %s dialect: sessions end and keys are refused at once (D2)',
    async (_name, body) => {
      const token = await makeScimToken(server);
      const email = address('leaver');
      const key = await server.keyFor('basic', email);
      const made = await createScimUser(token, email);
      const time = new Date().toISOString();
      await server.store.db
        .insertInto('sessions')
        .values({
          token_hash: `h-${made.id}`,
          user_id: made.id,
          time_created: time,
          last_seen_at: time,
          expires_at: '2999-01-01T00:00:00.000Z',
          how: 'api_key',
          address: null,
          user_agent: null,
        })
        .execute();
      const patched = await scim(server, token, 'PATCH', `/Users/${made.id}`, { body });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({ active: false });
      expect((await api(server, 'GET', '/me', { key })).status).toBe(401);
      const sessions = await server.store.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', made.id)
        .execute();
      expect(sessions).toEqual([]);

      const back = await scim(server, token, 'PATCH', `/Users/${made.id}`, {
        body: patchOp({ op: 'replace', path: 'active', value: true }),
      });
      expect(back.json).toMatchObject({ active: true });
      expect((await api(server, 'GET', '/me', { key })).status).toBe(200);
    },
  );

  it('replaces a user with PUT (userName and externalId), refusing an address another holds', async () => {
    const token = await makeScimToken(server);
    const made = await createScimUser(token);
    const other = await createScimUser(token);
    const email = address('renamed');
    const put = await scim(server, token, 'PUT', `/Users/${made.id}`, {
      body: oktaUser(email, { externalId: 'entra-9' }),
    });
    expect(put.json).toMatchObject({ userName: email, externalId: 'entra-9', active: true });
    expect((await userRow(made.id)).email).toBe(email);
    const clash = await scim(server, token, 'PUT', `/Users/${made.id}`, {
      body: oktaUser(other.userName),
    });
    expect(clash.status).toBe(409);
  });

  it('DELETE deactivates and drops the mapping; a second DELETE is 404', async () => {
    const token = await makeScimToken(server);
    const made = await createScimUser(token);
    expect((await scim(server, token, 'DELETE', `/Users/${made.id}`)).status).toBe(204);
    expect((await userRow(made.id)).is_active).toBe(0);
    const managed = await api(server, 'GET', '/admin/enterprise-settings/scim/users');
    expect((managed.json as { user_ids: string[] }).user_ids).not.toContain(made.id);
    const again = await scim(server, token, 'DELETE', `/Users/${made.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ detail: `User ${made.id} not found` });
  });

  it('records each change with the actor "SCIM (token name)"', async () => {
    const token = await makeScimToken(server, 'Okta production');
    const made = await createScimUser(token);
    await scim(server, token, 'PATCH', `/Users/${made.id}`, {
      body: patchOp({ op: 'replace', value: { active: false } }),
    });
    const records = await server.store.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('resource_id', '=', made.id)
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { action: 'user.create', actor_email: 'SCIM (Okta production)' },
      { action: 'user.deactivate', actor_email: 'SCIM (Okta production)' },
    ]);
  });
});

describe('errors (RFC 7644 §3.12)', () => {
  it('answers bad filters, bodies, ids, paths and media types in the envelope', async () => {
    const token = await makeScimToken(server);
    const cases: [string, string, unknown, number, string?][] = [
      [
        'GET',
        `/Users?filter=${encodeURIComponent('userName eq')}`,
        undefined,
        400,
        'invalidFilter',
      ],
      [
        'GET',
        `/Users?filter=${encodeURIComponent('nickName eq "x"')}`,
        undefined,
        400,
        'invalidFilter',
      ],
      ['GET', '/Users?startIndex=abc', undefined, 400],
      ['GET', '/Users/no-such-user', undefined, 404],
      ['GET', '/Nothing', undefined, 404],
      ['POST', '/Users', { userName: 'not an address' }, 400, 'invalidValue'],
      ['PATCH', '/Users/x', { Operations: [{ op: 'move', path: 'active' }] }, 400, 'invalidSyntax'],
    ];
    for (const [method, path, body, status, scimType] of cases) {
      const answer = await scim(server, token, method, path, body === undefined ? {} : { body });
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.json).toMatchObject({
        schemas: [ERROR_SCHEMA],
        status: String(status),
        ...(scimType && { scimType }),
      });
      expect(answer.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    }
    const xml = await scim(server, token, 'POST', '/Users', {
      raw: '<user/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    const notJson = await scim(server, token, 'POST', '/Users', { raw: '{"userName":' });
    expect(notJson.json).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
  });

  it('fuzzed bodies: no 5xx, and nothing changes on a refusal', async () => {
    const token = await makeScimToken(server);
    const made = await createScimUser(token);
    const before = await snapshotDb(server);
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { Operations: null },
      { Operations: [null] },
      { Operations: [{ op: 'add' }] },
      patchOp({ op: 'replace', path: 'active', value: { nested: true } }),
      patchOp({ op: 'replace', value: [1, 2] }),
      patchOp({ op: 'remove' }),
      patchOp({ op: 'replace', path: 'userName', value: 'a\u0000@b.c' }),
      patchOp({ op: 'replace', path: 'externalId', value: 'x'.repeat(10_000) }),
      patchOp(
        { op: 'replace', path: 'active', value: false },
        { op: 'replace', path: 'userName', value: 7 },
      ),
      { userName: ['x@y.z'] },
      { userName: 'x@y.z', active: 'maybe' },
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ['PATCH', `/Users/${made.id}`],
        ['PUT', `/Users/${made.id}`],
        ['POST', '/Users'],
      ] as const) {
        const answer = await scim(server, token, method, path, { raw: JSON.stringify(body) });
        expect(answer.status, `${method} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
    expect(await snapshotDb(server)).toEqual(before);
  });
});
