// Configuration as code: GET /admin/export and POST /admin/import,
// on two real servers. The source is always SQLite (a data folder); the target
// is PostgreSQL in the api-pg project, so the round trip crosses stores there.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ConfigBundleInput, ImportPlan } from '../../src/contract/configBundle';
import { IMPORTER_KEPT, roleFollowsGroups } from '../../server/bundle/planPeople';
import { findUserByEmail } from '../../server/repos/users';
import { readSetup } from '../../server/bundle/setup';
import { CURATOR_REFUSALS } from '../../src/contract/groups';
import { isReadableCredentialKey } from '../../src/contract/sources/catalogue';
import { startTestServer, type TestServer } from '../support/harness';
import { api, NOT_ADMIN, snapshotDb } from '../support/http';
import {
  buildSetup,
  secretFor,
  WEBHOOK_ORIGIN,
  WEBHOOK_URL,
  withoutTime,
  withSecrets,
} from '../support/configSetup';

let source: TestServer;
let target: TestServer;
let folder: string;
beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sourcedesk-config-'));
  source = await startTestServer({ dataDir: folder });
  source.adminKey ||= await source.keyFor('admin', source.adminEmail);
  target = await startTestServer();
});
afterEach(async () => {
  await source.close();
  await target.close();
  rmSync(folder, { recursive: true, force: true });
});

const exported = async (server: TestServer) => {
  const response = await api(server, 'GET', '/admin/export');
  expect(response.status, response.text).toBe(200);
  return { text: response.text, bundle: response.json as ConfigBundleInput };
};
const importing = async (server: TestServer, bundle: unknown, dryRun = false) =>
  api(server, 'POST', `/admin/import${dryRun ? '?dry_run=true' : ''}`, { body: bundle });
/** A dry run whose body says it is `length` bytes long; only its first bytes are sent. */
function announcedLength(server: TestServer, length: number) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      `${server.apiUrl}/admin/import?dry_run=true`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.adminKey}`,
          'content-type': 'application/json',
          'content-length': String(length),
        },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode!, text }));
      },
    );
    sent.on('error', reject);
    sent.write('{"format_version": 1');
  });
}
const planOf = (response: { json: unknown }) => response.json as ImportPlan;
/** What an import could change: every table of the data, the settings and the activity log, and the export. */
const everything = async (server: TestServer) => ({
  tables: await snapshotDb(server),
  settings: await server.store.db.selectFrom('settings').selectAll().orderBy('key').execute(),
  activity: await server.store.db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  exported: withoutTime((await exported(server)).text),
});

describe('GET /admin/export', () => {
  it('holds every part of the setup, sorted, with no id and no secret, the same twice', async () => {
    await buildSetup(source);
    const first = await exported(source);
    const second = await exported(source);
    expect(withoutTime(second.text)).toBe(withoutTime(first.text));
    expect(first.text).not.toContain('never-exported');
    expect(first.text).not.toMatch(/"id":|"time_created"|"time_updated"/);
    const { bundle } = first;
    expect(bundle.format_version).toBe(1);
    const refs = bundle.connectors!.map((c) => c.ref);
    expect(refs).toEqual([...refs].sort());
    expect(refs).toContain('the-jira');
    // Secrets are null; values the catalogue holds no secret are carried as they are.
    for (const credential of bundle.credentials!) {
      for (const [key, value] of Object.entries(credential.credential_json)) {
        expect([key, value === null]).toEqual([
          key,
          !isReadableCredentialKey(credential.source, key),
        ]);
      }
    }
    const jira = bundle.credentials!.find((c) => c.source === 'jira')!;
    expect(jira.credential_json).toEqual({
      jira_api_token: null,
      jira_user_email: 'bot@acme.example',
    });
    expect(bundle.pairs!.filter((p) => p.access_type === 'private')).toHaveLength(2);
    expect(bundle.user_groups).toContainEqual({
      name: 'Engineering',
      members: ['ada@example.com', 'bob@example.com'],
      curators: ['ada@example.com'],
    });
    expect(bundle.users).toContainEqual({ email: 'cy@example.com', role: 'basic', active: false });
    expect(bundle.invitations).toEqual([{ email: 'dee@example.com' }]);
    expect(bundle.connectors!.find((c) => c.name === 'Jira, paused')?.paused).toBe(true);
    expect(bundle.alerts).toEqual({ webhook_origin: WEBHOOK_ORIGIN, webhook_url: null });
  });

  it('keeps a connector’s ref through a rename', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const jira = await source.store.db
      .selectFrom('connectors')
      .select('id')
      .where('name', '=', 'The jira')
      .executeTakeFirstOrThrow();
    await api(source, 'PATCH', `/manage/admin/connector/${jira.id}`, { body: { name: 'Renamed' } });
    const after = (await exported(source)).bundle;
    expect(after.connectors!.map((c) => c.ref)).toEqual(bundle.connectors!.map((c) => c.ref));
  });

  it('answers the same bundle as YAML when asked', async () => {
    await buildSetup(source);
    const yaml = await api(source, 'GET', '/admin/export?format=yaml');
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    const json = await exported(source);
    expect({ ...parse(yaml.text), exported_at: '-' }).toEqual({ ...json.bundle, exported_at: '-' });
  });

  it('is for admins only (D2)', async () => {
    const curator = await source.keyFor('global_curator');
    const response = await api(source, 'GET', '/admin/export', { key: curator });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(NOT_ADMIN);
  });
});

describe('POST /admin/import', () => {
  it('round trip: imported with its secrets, the target exports the very same bundle; a second import changes nothing', async () => {
    await buildSetup(source);
    const { text, bundle } = await exported(source);
    const applied = await importing(target, withSecrets(bundle));
    expect(applied.status, applied.text).toBe(200);
    expect(planOf(applied)).toMatchObject({ applied: true, needs_secret: [], conflicts: [] });
    // The same, but a credential of no known maker is the importing admin's there.
    const expected = JSON.parse(withoutTime(text)) as ConfigBundleInput;
    for (const credential of expected.credentials!) credential.made_by ??= target.adminEmail;
    expect(JSON.parse(withoutTime((await exported(target)).text))).toEqual(expected);

    const again = await importing(target, withSecrets(bundle));
    expect(planOf(again)).toMatchObject({ create: [], update: [], remove: [], applied: false });
  });

  it('carries document sets by name, their pairs by refs; they round-trip and are pruned only when asked', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    expect(bundle.document_sets).toEqual([
      {
        name: 'Eng only',
        description: 'The Eng only',
        is_public: false,
        groups: ['Engineering'],
        pairs: [expect.objectContaining({ connector: expect.any(String) })],
      },
      expect.objectContaining({ name: 'Handbooks', is_public: true, groups: [] }),
    ]);
    expect(bundle.document_sets![1]!.pairs).toHaveLength(2);
    // The private set's pair is one private to its group, named by the same refs as in `pairs`.
    const [engPair] = bundle.document_sets![0]!.pairs!;
    expect(bundle.pairs).toContainEqual(
      expect.objectContaining({ ...engPair, access_type: 'private' }),
    );
    expect(planOf(await importing(target, withSecrets(bundle))).create).toEqual(
      expect.arrayContaining([
        { section: 'document_sets', ref: 'Eng only' },
        { section: 'document_sets', ref: 'Handbooks' },
      ]),
    );
    const sets = (await api(target, 'GET', '/manage/document-set')).json as {
      name: string;
      cc_pair_summaries: unknown[];
    }[];
    expect(sets.map((set) => [set.name, set.cc_pair_summaries.length])).toEqual([
      ['Eng only', 1],
      ['Handbooks', 2],
    ]);
    const fewer = { ...withSecrets(bundle), document_sets: bundle.document_sets!.slice(1) };
    expect(planOf(await importing(target, fewer)).remove).toEqual([]);
    const pruned = await importing(target, { ...fewer, prune: { document_sets: true } });
    expect(planOf(pruned).remove).toEqual([{ section: 'document_sets', ref: 'Eng only' }]);
  });

  it('a dry run answers the plan and changes nothing', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const before = await everything(target);
    const planned = await importing(target, withSecrets(bundle), true);
    expect(planned.status, planned.text).toBe(200);
    const plan = planOf(planned);
    expect(plan.applied).toBe(false);
    expect(plan.create).toContainEqual({ section: 'connectors', ref: 'the-jira' });
    expect(plan.create).toContainEqual({ section: 'alerts', ref: 'webhook' });
    expect(plan.update).toEqual([]);
    expect(await everything(target)).toEqual(before);
  });

  it('tells each changed field before and after, secrets masked', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const changed = structuredClone(withSecrets(bundle));
    changed.connectors![0]!.refresh_freq = 7200;
    await importing(target, withSecrets(bundle));
    const plan = planOf(await importing(target, changed, true));
    const first = changed.connectors![0]!;
    expect(plan.update).toEqual([
      { section: 'connectors', ref: first.ref, fields: { refresh_freq: [null, 7200] } },
    ]);
  });

  it('a credential that is not here and has no values is listed; its pair is skipped, its connector left unfinished', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const response = await importing(target, bundle);
    expect(response.status, response.text).toBe(200);
    const plan = planOf(response);
    expect(plan.needs_secret).toContainEqual({
      ref: 'jira-access',
      source: 'jira',
      keys: ['jira_api_token'],
      // The account e-mail is no secret: the export carried it, nothing to type again.
      optional: [],
    });
    expect(plan.skipped).toContainEqual(
      expect.objectContaining({ section: 'pairs', ref: 'the-jira/jira-access' }),
    );
    const list = await api(target, 'GET', '/manage/admin/connector');
    const jira = (list.json as { name: string; credential_ids: number[] }[]).find(
      (c) => c.name === 'The jira',
    );
    expect(jira?.credential_ids).toEqual([]);
    // The web connector's pair needs no secret: it is made.
    expect(plan.create).toContainEqual({ section: 'pairs', ref: 'the-web/-' });
  });

  it('fails half way on a constraint in the last item and leaves the target exactly as before (D11)', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const full = structuredClone(withSecrets(bundle));
    const twin = { ...full.connectors![0]!, ref: 'zz-twin' };
    full.connectors!.push(twin);
    const before = await everything(target);
    const response = await importing(target, full);
    expect(response.status, response.text).toBe(409);
    expect((response.json as { detail: string }).detail).toMatch(
      /^Connector zz-twin: Connector by this name already exists/,
    );
    // Users, groups, credentials and the first connectors were written before it: all undone,
    // the import's own record too.
    expect(await everything(target)).toEqual(before);
  });

  it('refuses a bundle of a newer format in words', async () => {
    const response = await importing(target, { format_version: 2, connectors: [] });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        {
          loc: ['body', 'format_version'],
          msg: 'This bundle was made by a newer Sourcedesk (format 2); this server reads format 1. Update this server first.',
          type: 'value_error',
        },
      ],
    });
  });

  it('refuses a format Sourcedesk never wrote in words', async () => {
    const response = await importing(target, { format_version: 0 });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        {
          loc: ['body', 'format_version'],
          msg: 'Format 0 was never written by Sourcedesk; this server reads format 1.',
          type: 'value_error',
        },
      ],
    });
  });

  it('a broken bundle is a 422 naming the place in it (D3), and nothing changes', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    const broken = structuredClone(withSecrets(bundle)) as {
      connectors: Record<string, unknown>[];
    };
    broken.connectors[3]!.source = 'no-such-source';
    const before = await snapshotDb(target);
    const response = await importing(target, broken);
    expect(response.status).toBe(422);
    const locs = (response.json as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc);
    expect(locs).toContainEqual(['body', 'connectors', 3, 'source']);
    expect(await snapshotDb(target)).toEqual(before);
  });

  it('a pair naming a connector that exists nowhere is a 422 at its place', async () => {
    const response = await importing(target, {
      format_version: 1,
      pairs: [{ connector: 'ghost', credential: null }],
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        {
          loc: ['body', 'pairs', 0, 'connector'],
          msg: 'No connector ghost here or in the bundle',
          type: 'value_error',
        },
      ],
    });
  });

  it('never demotes nor deactivates the importing admin, and prunes only when asked', async () => {
    await target.keyFor('basic', 'stays@example.com');
    const bundle = {
      format_version: 1,
      users: [{ email: target.adminEmail, role: 'basic', active: false }],
    };
    const plan = planOf(await importing(target, bundle));
    expect(plan.skipped).toEqual([
      { section: 'users', ref: target.adminEmail, reason: IMPORTER_KEPT },
    ]);
    const pruned = planOf(await importing(target, { ...bundle, prune: { users: true } }, true));
    expect(pruned.remove).toEqual([{ section: 'users', ref: 'stays@example.com' }]);
    const list = await exported(target);
    expect(list.bundle.users).toContainEqual({
      email: target.adminEmail,
      role: 'admin',
      active: true,
    });
    expect(list.bundle.users).toContainEqual({
      email: 'stays@example.com',
      role: 'basic',
      active: true,
    });
  });

  it('removes connectors the bundle leaves out only when it prunes them', async () => {
    await buildSetup(target);
    const { bundle } = await exported(target);
    const fewer = { ...bundle, connectors: bundle.connectors!.slice(1), pairs: [] };
    const kept = planOf(await importing(target, fewer));
    expect(kept.remove).toEqual([]);
    const gone = bundle.connectors![0]!.ref;
    const pruned = planOf(await importing(target, { ...fewer, prune: { connectors: true } }));
    expect(pruned.remove).toEqual([{ section: 'connectors', ref: gone }]);
    const after = (await exported(target)).bundle;
    expect(after.connectors!.map((c) => c.ref)).not.toContain(gone);
    const rows = await target.store.db.selectFrom('audit_log').selectAll().execute();
    expect(rows.filter((row) => row.action === 'connector.delete')).toHaveLength(1);
  });

  it('records config.import with the counts, and each change, none holding a secret', async () => {
    await buildSetup(source);
    const { bundle } = await exported(source);
    await importing(target, withSecrets(bundle));
    const rows = await target.store.db.selectFrom('audit_log').selectAll().execute();
    const record = rows.find((row) => row.action === 'config.import');
    expect(JSON.parse(record!.changes)).toMatchObject({ create: expect.any(Number), conflicts: 0 });
    const made = rows.filter((row) => row.request_id === record!.request_id);
    expect(made.map((row) => row.action)).toContain('connector.create');
    expect(made.map((row) => row.action)).toContain('credential.create');
    expect(JSON.stringify(rows)).not.toContain(secretFor('jira_api_token'));
  });

  it('takes bundles over 1 MiB (up to 20 MiB) and refuses larger ones in words', async () => {
    const big = { format_version: 1, app_version: 'x'.repeat(2 * 1024 * 1024) };
    expect((await importing(target, big, true)).status).toBe(200);
    // Announced larger than 20 MiB: refused from its length, before it is read (D2's order).
    const refused = await announcedLength(target, 21 * 1024 * 1024);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toEqual({
      detail: 'Request body is too large: the limit is 20 MiB (20971520 bytes).',
    });
  });
});

describe('alert settings in a bundle', () => {
  const alertsOf = async (server: TestServer) =>
    (await api(server, 'GET', '/manage/admin/alert-settings')).json as {
      webhook_url: string | null;
    };
  const heldWebhook = async (server: TestServer) =>
    (await readSetup(server.store.db, server.store.secrets)).webhook;
  const alertsOnly = (alerts: Record<string, unknown>) => ({ format_version: 1, alerts });

  it('an export holds the webhook’s origin, never its address; none when the panel sets none', async () => {
    expect((await exported(target)).bundle.alerts).toEqual({
      webhook_origin: null,
      webhook_url: null,
    });
    await buildSetup(source);
    const { text } = await exported(source);
    expect(text).toContain(`"webhook_origin": "${WEBHOOK_ORIGIN}"`);
    expect(text).not.toContain('/services/');
  });

  it('without its address the webhook is not set and the plan says why', async () => {
    const plan = planOf(await importing(target, alertsOnly({ webhook_origin: WEBHOOK_ORIGIN })));
    expect(plan.skipped).toEqual([
      {
        section: 'alerts',
        ref: 'webhook',
        reason: `The webhook at ${WEBHOOK_ORIGIN} is not set: the bundle does not hold its address (its path is a secret). Give it as alerts.webhook_url.`,
      },
    ]);
    expect(await heldWebhook(target)).toBeNull();
  });

  it('is set from the address supplied, recorded masked, and kept when a later bundle leaves it null', async () => {
    const bundle = alertsOnly({ webhook_origin: WEBHOOK_ORIGIN, webhook_url: WEBHOOK_URL });
    const made = planOf(await importing(target, bundle));
    expect(made.create).toEqual([{ section: 'alerts', ref: 'webhook' }]);
    expect(await heldWebhook(target)).toBe(WEBHOOK_URL);
    expect((await alertsOf(target)).webhook_url).toBe(`${WEBHOOK_ORIGIN}/••••••••`);

    const kept = planOf(await importing(target, alertsOnly({ webhook_origin: WEBHOOK_ORIGIN })));
    expect(kept).toMatchObject({ create: [], update: [], skipped: [], unchanged: 1 });
    expect(await heldWebhook(target)).toBe(WEBHOOK_URL);

    const other = `${WEBHOOK_ORIGIN}/services/another-${secretFor('webhook')}`;
    const changed = planOf(await importing(target, alertsOnly({ webhook_url: other })));
    expect(changed.update).toEqual([
      {
        section: 'alerts',
        ref: 'webhook',
        fields: { webhook_url: [`${WEBHOOK_ORIGIN}/••••••••`, `${WEBHOOK_ORIGIN}/••••••••`] },
      },
    ]);
    expect(await heldWebhook(target)).toBe(other);
    const rows = await target.store.db.selectFrom('audit_log').selectAll().execute();
    expect(rows.filter((row) => row.action === 'alert_settings.update')).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(secretFor('webhook'));
  });

  it('is cleared only when the bundle has none and prunes alerts', async () => {
    await importing(target, alertsOnly({ webhook_url: WEBHOOK_URL }));
    const none = alertsOnly({ webhook_origin: null });
    expect(planOf(await importing(target, none)).remove).toEqual([]);
    expect(await heldWebhook(target)).toBe(WEBHOOK_URL);
    const pruned = planOf(await importing(target, { ...none, prune: { alerts: true } }));
    expect(pruned.remove).toEqual([{ section: 'alerts', ref: 'webhook' }]);
    expect(await heldWebhook(target)).toBeNull();
  });

  it('an address that is no webhook, or not at the bundle’s origin, is a 422 at its place, and nothing changes', async () => {
    const before = await snapshotDb(target);
    const bad = await importing(target, alertsOnly({ webhook_url: 'ftp://hooks.example.com/x' }));
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({
      detail: [
        {
          loc: ['body', 'alerts', 'webhook_url'],
          msg: 'Enter an address starting with https:// or http://',
          type: 'value_error',
        },
      ],
    });
    const elsewhere = await importing(
      target,
      alertsOnly({ webhook_origin: 'https://other.example', webhook_url: WEBHOOK_URL }),
    );
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json).toEqual({
      detail: [
        {
          loc: ['body', 'alerts', 'webhook_url'],
          msg: "The address is not at https://other.example, the bundle's webhook_origin",
          type: 'value_error',
        },
      ],
    });
    expect(await snapshotDb(target)).toEqual(before);
    expect(await heldWebhook(target)).toBeNull();
  });
});

describe('credential values in a bundle', () => {
  type Problem = { loc: (string | number)[]; msg: string; type: string };
  const bundleWith = (credential_json: Record<string, unknown>) => ({
    format_version: 1,
    credentials: [{ ref: 'jira-prod', name: 'Jira', source: 'jira', credential_json }],
  });
  /** What the credential create route answers for these values, at the bundle's place. */
  async function routeSays(values: Record<string, unknown>) {
    const made = await api(target, 'POST', '/manage/credential', {
      body: { name: 'Jira', source: 'jira', credential_json: values, admin_public: true },
    });
    expect(made.status).toBe(422);
    return (made.json as { detail: Problem[] }).detail.map((problem) => ({
      ...problem,
      loc: ['body', 'credentials', 0, ...problem.loc.slice(1)],
    }));
  }

  it('values missing a key their source requires are a 422 at its place, as the credential route says, and nothing changes', async () => {
    const values = { jira_user_email: 'bot@acme.example' };
    const expected = await routeSays(values);
    expect(expected).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'credentials', 0, 'credential_json', 'jira_api_token'],
      }),
    );
    const before = await snapshotDb(target);
    for (const dryRun of [true, false]) {
      const response = await importing(target, bundleWith(values), dryRun);
      expect(response.status, response.text).toBe(422);
      expect((response.json as { detail: Problem[] }).detail).toEqual(expected);
    }
    expect(await snapshotDb(target)).toEqual(before);
  });

  it('values given for a credential held here are checked merged with those it keeps', async () => {
    const good = { jira_user_email: 'bot@acme.example', jira_api_token: 'a-token-long-enough-1' };
    expect((await importing(target, bundleWith(good))).status).toBe(200);
    const before = await snapshotDb(target);
    // Only the token is given: merged with the e-mail held, an empty token is what is refused.
    const response = await importing(target, bundleWith({ jira_api_token: '' }));
    expect(response.status, response.text).toBe(422);
    expect((response.json as { detail: Problem[] }).detail).toEqual(
      await routeSays({ ...good, jira_api_token: '' }),
    );
    expect(await snapshotDb(target)).toEqual(before);
    // Left null, the values held are kept and nothing is checked again.
    const kept = await importing(target, bundleWith({ jira_api_token: null }));
    expect(kept.status, kept.text).toBe(200);
  });
});

describe('roles follow curatorships (D13)', () => {
  const roleOf = async (server: TestServer, email: string) =>
    (await findUserByEmail(server.store.db, email))?.role;
  const roleChanges = async (server: TestServer) =>
    (await server.store.db.selectFrom('audit_log').selectAll().execute())
      .filter((row) => row.action === 'user.role_change')
      .map((row) => ({
        name: row.resource_name,
        changes: JSON.parse(row.changes) as unknown,
        request_id: row.request_id,
      }));

  it('a role stated by the bundle is not set: the imported groups’ curatorships decide, recorded as the group routes record it', async () => {
    const bundle = {
      format_version: 1,
      users: [
        { email: 'cur@example.com', role: 'curator' },
        { email: 'ada@example.com', role: 'basic' },
      ],
      user_groups: [
        {
          name: 'Eng',
          members: ['ada@example.com', 'cur@example.com'],
          curators: ['ada@example.com'],
        },
      ],
    };
    const planned = planOf(await importing(target, bundle, true));
    expect(planned.skipped).toEqual([
      {
        section: 'users',
        ref: 'cur@example.com',
        reason: roleFollowsGroups('cur@example.com', 'curator', 'basic'),
      },
      {
        section: 'users',
        ref: 'ada@example.com',
        reason: roleFollowsGroups('ada@example.com', 'basic', 'curator'),
      },
    ]);
    const applied = await importing(target, bundle);
    expect(applied.status, applied.text).toBe(200);
    expect(await roleOf(target, 'cur@example.com')).toBe('basic');
    expect(await roleOf(target, 'ada@example.com')).toBe('curator');
    const rows = await target.store.db.selectFrom('audit_log').selectAll().execute();
    const importId = rows.find((row) => row.action === 'config.import')!.request_id;
    expect(await roleChanges(target)).toEqual([
      {
        name: 'ada@example.com',
        changes: { role: { before: 'basic', after: 'curator' } },
        request_id: importId,
      },
    ]);
    // The same bundle again: nothing to do, no role changes.
    expect(planOf(await importing(target, bundle))).toMatchObject({ create: [], update: [] });
    expect(await roleChanges(target)).toHaveLength(1);
  });

  it('an admin or a global curator named as a curator is a 422 at its place, in set-curator’s words, and nothing changes', async () => {
    await target.keyFor('global_curator', 'gc@example.com');
    const before = await everything(target);
    const response = await importing(target, {
      format_version: 1,
      users: [{ email: 'boss@example.com', role: 'admin' }],
      user_groups: [
        {
          name: 'Eng',
          members: ['boss@example.com', 'gc@example.com'],
          curators: ['boss@example.com', 'gc@example.com'],
        },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        {
          loc: ['body', 'user_groups', 0, 'curators', 0],
          msg: CURATOR_REFUSALS.admin('boss@example.com'),
          type: 'value_error',
        },
        {
          loc: ['body', 'user_groups', 0, 'curators', 1],
          msg: CURATOR_REFUSALS.globalCurator('gc@example.com'),
          type: 'value_error',
        },
      ],
    });
    expect(await everything(target)).toEqual(before);
  });

  it('a curator the bundle does not name loses the role with their curatorship, and the plan says so first', async () => {
    await target.keyFor('basic', 'pat@example.com');
    const pat = (await findUserByEmail(target.store.db, 'pat@example.com'))!;
    const group = await api(target, 'POST', '/manage/admin/user-group', {
      body: { name: 'Eng', user_ids: [pat.id], cc_pair_ids: [] },
    });
    const groupId = (group.json as { id: number }).id;
    await api(target, 'POST', `/manage/admin/user-group/${groupId}/set-curator`, {
      body: { user_id: pat.id, is_curator: true },
    });
    expect(await roleOf(target, 'pat@example.com')).toBe('curator');
    const byRoute = (await roleChanges(target))[0]!;

    const bundle = {
      format_version: 1,
      user_groups: [{ name: 'Eng', members: ['pat@example.com'], curators: [] }],
    };
    const planned = planOf(await importing(target, bundle, true));
    expect(planned.update).toContainEqual({
      section: 'users',
      ref: 'pat@example.com',
      fields: { role: ['curator', 'basic'] },
    });
    expect((await importing(target, bundle)).status).toBe(200);
    expect(await roleOf(target, 'pat@example.com')).toBe('basic');
    const [, byImport] = await roleChanges(target);
    expect(byImport).toMatchObject({
      name: 'pat@example.com',
      changes: { role: { before: 'curator', after: 'basic' } },
    });
    expect(Object.keys(byImport!.changes as object)).toEqual(
      Object.keys(byRoute.changes as object),
    );
  });
});
