// D6: the credential list — credential 0, the fields, and masking of secrets.
import { describe, expect, it } from 'vitest';
import type { Credential } from '../../src/contract/contract';
import { createCredential } from '../../server/repos/credentials';
import { insertGroup } from '../../server/repos/groups';
import { findUserByEmail } from '../../server/repos/users';
import { useFreshTestServer } from '../support/useTestServer';
import { api } from '../support/http';

const server = useFreshTestServer();

const SHORT = '\u2022'.repeat(12);
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function list(): Promise<{ credentials: Credential[]; text: string }> {
  const response = await api(server, 'GET', '/manage/admin/credential');
  expect(response.status).toBe(200);
  return { credentials: response.json as Credential[], text: response.text };
}

describe('D6 credential 0', () => {
  it('exists from the first start, exactly as D6 says', async () => {
    const { credentials } = await list();
    expect(credentials).toEqual([
      {
        id: 0,
        source: 'not_applicable',
        name: null,
        credential_json: {},
        admin_public: true,
        curator_public: true,
        groups: [],
        user_id: null,
        user_email: null,
        time_created: expect.stringMatching(ISO_UTC),
        time_updated: expect.stringMatching(ISO_UTC),
      },
    ]);
  });
});

describe('D6 the list', () => {
  it('holds every field, ordered by id, with the owner’s id (a UUID) and e-mail', async () => {
    await server.keyFor('admin', 'Owner@Example.com');
    const owner = (await findUserByEmail(server.store.db, 'owner@example.com'))!;
    const db = server.store.db;
    const a = await createCredential(db, server.store.secrets, {
      source: 'jira',
      name: 'A',
      credential_json: { k: 1 },
      user_id: owner.id,
    });
    // D13: its groups are live, kept by group (ascending).
    const [first, second] = await Promise.all(
      ['Sales', 'Eng'].map(async (name) => (await insertGroup(db, name))!),
    );
    const b = await createCredential(db, server.store.secrets, {
      source: 'slack',
      name: null,
      credential_json: {},
      admin_public: false,
      curator_public: true,
      groups: [second!, first!],
    });
    const { credentials } = await list();
    expect(credentials.map((c) => c.id)).toEqual([0, a, b]);
    for (const credential of credentials) {
      expect(Object.keys(credential).sort()).toEqual([
        'admin_public',
        'credential_json',
        'curator_public',
        'groups',
        'id',
        'name',
        'source',
        'time_created',
        'time_updated',
        'user_email',
        'user_id',
      ]);
    }
    expect(credentials[1]).toMatchObject({
      source: 'jira',
      name: 'A',
      admin_public: true,
      curator_public: false,
      groups: [],
      user_id: owner.id,
      user_email: 'Owner@Example.com',
    });
    expect(credentials[1]!.user_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(credentials[2]).toMatchObject({
      admin_public: false,
      curator_public: true,
      groups: [first, second].sort((x, y) => x! - y!),
      user_id: null,
      user_email: null,
    });
  });
});

describe('D6 masking', () => {
  const secrets = {
    api_token: 'ATATT3xFfGF0-very-secret-token-TAIL',
    short: 'hunter2',
    exactly13: 'abcdefghijklm',
    exactly14: 'abcdefghijklmn',
    emoji13: '😀'.repeat(13),
    emoji14: `😀😁😂🤣${'x'.repeat(6)}😃😄😅😆`,
    empty: '',
    port: 8443,
    ratio: 0.25,
    negative: -1,
    enabled: true,
    disabled: false,
    nothing: null,
    service_account: {
      private_key: 'PRIVATE-KEY-abcdefghijkl',
      client_id: 104892311092833,
      list: ['s3cret', 42, null],
    },
    list: ['first-secret-value-1', { pin: 97531 }, [false, 'deep-secret-value-22']],
    authentication_method: 'personal_access_token',
    wiki_base: 'https://acme.atlassian.net/wiki',
    cloud_name: 'acme-cloud-name-that-is-long',
    cloud_id: 12345,
    nested: {
      cloud_id: { any: 'thing at all, shown as is' },
      wiki_base: ['a', 1],
      authentication_method: null,
    },
  };

  it('masks every value type; the four place keys are shown at any depth', async () => {
    const id = await createCredential(server.store.db, server.store.secrets, {
      source: 'jira',
      name: 'masked',
      credential_json: secrets,
    });
    const { credentials } = await list();
    expect(credentials.find((c) => c.id === id)!.credential_json).toEqual({
      api_token: 'ATAT...TAIL',
      short: SHORT,
      exactly13: SHORT,
      exactly14: 'abcd...klmn',
      emoji13: SHORT,
      emoji14: '😀😁😂🤣...😃😄😅😆',
      empty: SHORT,
      port: '*****',
      ratio: '*****',
      negative: '*****',
      enabled: true,
      disabled: false,
      nothing: null,
      service_account: {
        private_key: 'PRIV...ijkl',
        client_id: '*****',
        list: [SHORT, '*****', null],
      },
      list: ['firs...ue-1', { pin: '*****' }, [false, 'deep...e-22']],
      authentication_method: 'personal_access_token',
      wiki_base: 'https://acme.atlassian.net/wiki',
      cloud_name: 'acme-cloud-name-that-is-long',
      cloud_id: 12345,
      nested: {
        cloud_id: { any: 'thing at all, shown as is' },
        wiki_base: ['a', 1],
        authentication_method: null,
      },
    });
  });

  it('no secret, nor any 5-character slice of its middle, appears anywhere in the response', async () => {
    await createCredential(server.store.db, server.store.secrets, {
      source: 'jira',
      name: 'masked',
      credential_json: secrets,
    });
    const { text } = await list();
    const secretStrings = [
      secrets.api_token,
      secrets.short,
      secrets.exactly13,
      secrets.exactly14,
      secrets.service_account.private_key,
      's3cret',
      'first-secret-value-1',
      'deep-secret-value-22',
    ];
    for (const secret of secretStrings) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(4, -4).slice(0, 5) || secret);
    }
    for (const number of ['8443', '0.25', '104892311092833', '97531'])
      expect(text).not.toContain(number);
  });

  it('the stored credential is not changed by listing', async () => {
    const id = await createCredential(server.store.db, server.store.secrets, {
      source: 'jira',
      name: 'm',
      credential_json: secrets,
    });
    await list();
    const row = await server.store.db
      .selectFrom('credentials')
      .select('credential_json')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Sealed at rest, and opened again to exactly what was stored.
    expect(row.credential_json).toMatch(/^v1:/);
    expect(JSON.parse(server.store.secrets.open(row.credential_json)!)).toEqual(secrets);
  });
});
