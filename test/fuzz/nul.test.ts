// NUL in every string of every documented request body:
// PostgreSQL text cannot hold it and SQLite can, so an unchecked field once
// answered 500 on one store and stored the text on the other. Every endpoint
// with a body (its declaration in src/contract/endpoints/, so a new route is
// covered once it is declared) gets its example below with each string, one at
// a time, made to hold a NUL: never a 5xx, and on PostgreSQL the same answer as
// SQLite gives (a twin server on a SQLite folder gets the very same requests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints/all';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from '../support/harness';
import { api } from '../support/http';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Ids the examples' paths name: made the same way on every server. */
interface Made {
  connector: number;
  credential: number;
  apiKey: number;
  group: number;
  member: string;
  /** A pair of the empty credential, a worker's key, and a job that worker holds (D14). */
  pair: number;
  workerKey: string;
  job: number;
}

/** A body each endpoint accepts, keyed by `METHOD path` as its declaration spells it. */
const EXAMPLES: Record<string, (made: Made) => { path: string; body: Json; key?: string }> = {
  'POST /manage/admin/connector': () => ({
    path: '/manage/admin/connector',
    body: {
      name: 'Nul docs',
      source: 'jira',
      input_type: 'poll',
      access_type: 'public',
      connector_specific_config: { jira_base_url: 'https://nul.example', project_key: 'NUL' },
      indexing_start: '2026-01-01T00:00:00Z',
    },
  }),
  'PUT /manage/admin/connector/{connector_id}/credential/{credential_id}': ({
    connector,
    credential,
    group,
  }) => ({
    path: `/manage/admin/connector/${connector}/credential/${credential}`,
    body: { name: 'Nul pair', access_type: 'private', groups: [group] },
  }),
  'PATCH /manage/admin/connector/{connector_id}': ({ connector }) => ({
    path: `/manage/admin/connector/${connector}`,
    body: { name: 'Renamed', connector_specific_config: { base_url: 'https://nul.example' } },
  }),
  'POST /manage/admin/connector/test': () => ({
    path: '/manage/admin/connector/test',
    body: { source: 'file', connector_specific_config: { file_locations: ['a.txt'] } },
  }),
  'POST /manage/credential': () => ({
    path: '/manage/credential',
    body: { name: 'Nul credential', source: 'web', credential_json: { token: 'x' } },
  }),
  'PATCH /manage/admin/credential/{credential_id}': ({ credential }) => ({
    path: `/manage/admin/credential/${credential}`,
    body: { name: 'Renamed', credential_json: { token: 'y' } },
  }),
  'PATCH /manage/set-user-role': () => ({
    path: '/manage/set-user-role',
    body: { user_email: 'member@nul.test', new_role: 'global_curator' },
  }),
  'PUT /manage/admin/users': () => ({
    path: '/manage/admin/users',
    body: { emails: ['invited@nul.test'] },
  }),
  'PATCH /manage/admin/remove-invited-user': () => ({
    path: '/manage/admin/remove-invited-user',
    body: { user_email: 'invited@nul.test' },
  }),
  'PATCH /manage/admin/deactivate-user': () => ({
    path: '/manage/admin/deactivate-user',
    body: { user_email: 'member@nul.test' },
  }),
  'PATCH /manage/admin/activate-user': () => ({
    path: '/manage/admin/activate-user',
    body: { user_email: 'member@nul.test' },
  }),
  'DELETE /manage/admin/delete-user': () => ({
    path: '/manage/admin/delete-user',
    body: { user_email: 'gone@nul.test' },
  }),
  'PUT /manage/admin/credential/swap': ({ connector, credential }) => ({
    path: '/manage/admin/credential/swap',
    body: { new_credential_id: credential, connector_id: connector, access_type: 'public' },
  }),
  'PUT /manage/admin/credential/{credential_id}/replace-everywhere': ({ credential }) => ({
    path: `/manage/admin/credential/${credential}/replace-everywhere`,
    body: { new_credential_id: credential },
  }),
  // A dry run: the plan is answered, nothing is changed (docs/configuration-as-code.md).
  'POST /admin/import': () => ({
    path: '/admin/import?dry_run=true',
    body: {
      format_version: 1,
      users: [{ email: 'imported@nul.test', role: 'basic' }],
      user_groups: [{ name: 'Imported', members: ['imported@nul.test'] }],
      credentials: [
        { ref: 'nul-web', name: 'Nul web', source: 'web', credential_json: { token: 'x' } },
      ],
      connectors: [
        {
          ref: 'nul-site',
          name: 'Nul site',
          source: 'web',
          input_type: 'load_state',
          connector_specific_config: { base_url: 'https://nul.example' },
        },
      ],
      pairs: [{ connector: 'nul-site', credential: 'nul-web' }],
    },
  }),
  'PUT /manage/admin/alert-settings': () => ({
    path: '/manage/admin/alert-settings',
    body: { webhook_url: 'https://hooks.nul.example/services/T0/B0/secret' },
  }),
  'POST /manage/admin/document-set': ({ pair }) => ({
    path: '/manage/admin/document-set',
    body: {
      name: 'Nul set',
      description: 'Nul docs',
      cc_pair_ids: [pair],
      is_public: true,
      users: [],
      groups: [],
    },
  }),
  'PATCH /manage/admin/document-set': ({ pair }) => ({
    path: '/manage/admin/document-set',
    body: {
      id: 1,
      name: 'Nul set, renamed',
      description: 'Nul docs',
      cc_pair_ids: [pair],
      is_public: true,
      users: [],
      groups: [],
    },
  }),
  'PATCH /manage/admin/user-group/{user_group_id}/document-sets': ({ group }) => ({
    path: `/manage/admin/user-group/${group}/document-sets`,
    body: { added_document_set_ids: [1], removed_document_set_ids: [] },
  }),
  'POST /manage/admin/connector/run-once': ({ connector }) => ({
    path: '/manage/admin/connector/run-once',
    body: { connector_id: connector, from_beginning: false },
  }),
  'POST /manage/admin/worker-key': () => ({
    path: '/manage/admin/worker-key',
    body: { name: 'Nul worker' },
  }),
  'DELETE /manage/admin/credential/{credential_id}/origins': ({ credential }) => ({
    path: `/manage/admin/credential/${credential}/origins`,
    body: { origin: 'https://nul.example' },
  }),
  'PUT /manage/worker/check-in': ({ workerKey }) => ({
    path: '/manage/worker/check-in',
    key: workerKey,
    body: { worker_id: 'nul-worker', hostname: 'nul-box', version: '1.0.0', sources: ['web'] },
  }),
  'POST /manage/worker/jobs/claim': ({ workerKey }) => ({
    path: '/manage/worker/jobs/claim',
    key: workerKey,
    body: { worker_id: 'nul-worker', sources: ['web'], kinds: ['index'] },
  }),
  'POST /manage/worker/jobs/{job_id}/documents': ({ workerKey, job }) => ({
    path: `/manage/worker/jobs/${job}/documents`,
    key: workerKey,
    body: {
      upsert: [
        {
          document_id: 'nul-1',
          semantic_identifier: 'Nul page',
          link: 'https://nul.example/page',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ],
      delete: ['nul-2'],
    },
  }),
  'POST /manage/worker/jobs/{job_id}/errors': ({ workerKey, job }) => ({
    path: `/manage/worker/jobs/${job}/errors`,
    key: workerKey,
    body: {
      errors: [
        {
          document_id: 'nul-3',
          document_link: 'https://nul.example/broken',
          failure_message: 'Could not read the page',
          error_type: 'http',
        },
      ],
    },
  }),
  'PUT /manage/worker/jobs/{job_id}/progress': ({ workerKey, job }) => ({
    path: `/manage/worker/jobs/${job}/progress`,
    key: workerKey,
    body: { checkpoint: { cursor: 'page-2' }, completed_batches: 1, total_batches: 3 },
  }),
  'PUT /manage/worker/jobs/{job_id}/finish': ({ workerKey, job }) => ({
    path: `/manage/worker/jobs/${job}/finish`,
    key: workerKey,
    body: { status: 'completed_with_errors', error_msg: 'One page could not be read' },
  }),
  'POST /admin/enterprise-settings/scim/token': () => ({
    path: '/admin/enterprise-settings/scim/token',
    body: { name: 'Okta' },
  }),
  'POST /admin/api-key': () => ({
    path: '/admin/api-key',
    body: { name: 'Nul bot', role: 'basic' },
  }),
  'PATCH /admin/api-key/{api_key_id}': ({ apiKey }) => ({
    path: `/admin/api-key/${apiKey}`,
    body: { name: 'Renamed bot' },
  }),
  'POST /manage/admin/user-group': ({ member }) => ({
    path: '/manage/admin/user-group',
    body: { name: 'Nul group', user_ids: [member], cc_pair_ids: [] },
  }),
  'PATCH /manage/admin/user-group/{user_group_id}': ({ group, member }) => ({
    path: `/manage/admin/user-group/${group}`,
    body: { user_ids: [member], cc_pair_ids: [] },
  }),
  'POST /manage/admin/user-group/{user_group_id}/add-users': ({ group, member }) => ({
    path: `/manage/admin/user-group/${group}/add-users`,
    body: { user_ids: [member] },
  }),
  'POST /manage/admin/user-group/{user_group_id}/set-curator': ({ group, member }) => ({
    path: `/manage/admin/user-group/${group}/set-curator`,
    body: { user_id: member, is_curator: true },
  }),
  'POST /auth/session': () => ({
    path: '/auth/session',
    body: { api_key: 'sd_not-a-key-anyone-has' },
  }),
  'POST /auth/invitation': () => ({
    path: '/auth/invitation',
    body: { token: 'not-a-link-token-anyone-has' },
  }),
};

/** `body` once per string in it (values and keys), that string ending in NUL. */
function withNul(body: Json, at: (string | number)[] = []): { where: string; body: Json }[] {
  if (typeof body === 'string') return [{ where: at.join('.'), body: `${body}\u0000` }];
  if (Array.isArray(body)) {
    return body.flatMap((item, index) =>
      withNul(item, [...at, index]).map((v) => ({
        where: v.where,
        body: body.map((other, i) => (i === index ? v.body : other)),
      })),
    );
  }
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => [
    ...withNul(value, [...at, key]).map((v) => ({
      where: v.where,
      body: { ...body, [key]: v.body },
    })),
    // A NUL in a key of a free-form object (a config), beside the value it names.
    ...(at.length > 0
      ? [{ where: `${[...at, key].join('.')} (key)`, body: { ...body, [`${key}\u0000`]: value } }]
      : []),
  ]);
}

/** The servers the requests go to: this project's store, and a SQLite twin when that is PostgreSQL. */
let servers: TestServer[] = [];
const made: Made[] = [];
let folder: string | undefined;

async function prepare(server: TestServer): Promise<Made> {
  await server.keyFor('basic', 'member@nul.test');
  await server.keyFor('basic', 'gone@nul.test');
  const credential = await api(server, 'POST', '/manage/credential', {
    body: { name: 'Made', source: 'web', credential_json: { token: 'x' } },
  });
  const connector = await api(server, 'POST', '/manage/admin/connector', {
    body: {
      name: 'Made',
      source: 'web',
      input_type: 'load_state',
      connector_specific_config: { base_url: 'https://nul.example' },
    },
  });
  const key = await api(server, 'POST', '/admin/api-key', { body: { role: 'basic' } });
  const { id: member } = await server.store.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'member@nul.test')
    .executeTakeFirstOrThrow();
  const group = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Made', user_ids: [member], cc_pair_ids: [] },
  });
  const connectorId = (connector.json as { id: number }).id;
  const pair = await api(server, 'PUT', `/manage/admin/connector/${connectorId}/credential/0`, {
    body: { name: 'Made pair', access_type: 'public', groups: [] },
  });
  const worker = await api(server, 'POST', '/manage/admin/worker-key', { body: { name: 'Made' } });
  const workerKey = (worker.json as { key: string }).key;
  await api(server, 'POST', '/manage/admin/connector/run-once', {
    body: { connector_id: connectorId, from_beginning: true },
  });
  const claimed = await api(server, 'POST', '/manage/worker/jobs/claim', {
    key: workerKey,
    body: { worker_id: 'made-worker' },
  });
  if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${claimed.text}`);
  return {
    pair: (pair.json as { data: number }).data,
    workerKey,
    job: (claimed.json as { id: number }).id,
    member,
    group: (group.json as { id: number }).id,
    credential: (credential.json as { id: number }).id,
    connector: (connector.json as { id: number }).id,
    apiKey: (key.json as { api_key_id: number }).api_key_id,
  };
}

beforeAll(async () => {
  servers = [await startTestServer()];
  if (TEST_DATABASE_URL) {
    folder = mkdtempSync(join(tmpdir(), 'sd-nul-'));
    servers.push(await startTestServer({ dataDir: folder }));
  }
  for (const server of servers) made.push(await prepare(server));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const withBodies = ALL_ENDPOINTS.filter((endpoint) => endpoint.body);

describe('D3/D11 NUL in any string of any body: a 4xx or stored, alike on both stores, never 500', () => {
  it('every documented endpoint with a body has an example here', () => {
    const missing = withBodies
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .filter((name) => !EXAMPLES[name]);
    expect(missing).toEqual([]);
  });

  it.each(withBodies.map((endpoint) => [`${endpoint.method} ${endpoint.path}`]))(
    '%s',
    async (name) => {
      const method = name.split(' ')[0]!;
      const sample = EXAMPLES[name]!(made[0]!);
      for (const variant of withNul(sample.body)) {
        const answers: string[] = [];
        for (const [index, server] of servers.entries()) {
          const { path, body, key } = EXAMPLES[name]!(made[index]!);
          const sent = withNul(body).find((v) => v.where === variant.where)!.body;
          const answer = await api(server, method, path, { body: sent, ...(key ? { key } : {}) });
          expect(answer.status, `${name} ${variant.where}: ${answer.text}`).toBeLessThan(500);
          answers.push(`${answer.status} ${answer.status === 422 ? answer.text : ''}`);
        }
        expect(new Set(answers).size, `${name} ${variant.where}: ${answers.join(' | ')}`).toBe(1);
      }
    },
  );
});
