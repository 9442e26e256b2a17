// D2/D6: keys and secrets never appear in the server's log, even at the most verbose level.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, logRedaction } from '../../server/app';
import { MEMORY, openStore, type Store } from '../../server/db/database';
import { createCredential } from '../../server/repos/credentials';
import { prepareStore } from '../../server/setup';
import { defaultVersionSet } from '../../server/versions';

let app: FastifyInstance;
let store: Store;
let adminKey: string;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  store = await openStore(MEMORY);
  const setup = await prepareStore(store, {
    adminEmail: 'admin@logs.test',
    adminApiKey: undefined,
    demoData: false,
  });
  adminKey = setup.adminKey!;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp({
    store,
    versions: defaultVersionSet(store.engine),
    logger: { level: 'trace', redact: logRedaction, stream },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
});
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('D2/D6 the log', () => {
  it('holds neither API keys nor credential secrets', async () => {
    const secret = 'ATATT3xFfGF0-logged-secret-never';
    await createCredential(store.db, store.secrets, {
      source: 'jira',
      name: 'j',
      credential_json: { jira_api_token: secret },
    });
    const wrongKey = 'sd_wrong-key-that-must-not-be-logged';
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });
    await fetch(`${base}/manage/admin/credential`, { headers: auth(adminKey) });
    await fetch(`${base}/manage/admin/connector`, { headers: auth(wrongKey) });
    await fetch(`${base}/manage/admin/connector`, {
      method: 'POST',
      headers: { ...auth(adminKey), 'content-type': 'application/json' },
      body: '{"name": ',
    });
    await store.db.schema.dropTable('connector_credential_pairs').execute();
    expect(
      (await fetch(`${base}/manage/admin/connector`, { headers: auth(adminKey) })).status,
    ).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected failure'); // the log is really written
    for (const text of [adminKey, wrongKey, secret, secret.slice(4, -4)])
      expect(log).not.toContain(text);
  });

  it("holds no single sign-on code or state: a callback's query is left out", async () => {
    const origin = new URL(base).origin;
    const secrets = ['c0de-one-time-1', 'st4te-one-time-2'];
    for (const path of ['/auth/oidc/callback', '//auth/oidc/callback', '/AUTH/oidc/callback/']) {
      await fetch(`${origin}${path}?code=${secrets[0]}&state=${secrets[1]}`, {
        redirect: 'manual',
      });
    }
    const log = lines.join('');
    expect(log).toContain('/auth/oidc/callback?[redacted]'); // the request is logged, its query not
    for (const secret of secrets) expect(log).not.toContain(secret);
    // The API's queries are filters, kept.
    await fetch(`${base}/admin/audit?action=auth.login`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(lines.join('')).toContain('/api/admin/audit?action=auth.login');
  });
});
