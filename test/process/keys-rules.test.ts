// `npm run keys` goes through the API's own rules and records (docs/security.md,
// "API keys"): it revokes no last admin key that does not expire, demotes no admin
// holding the last such keys, and each change it makes is one activity record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { KEY_COMMAND_AGENT } from '../../src/contract/audit';
import { loadConfig } from '../../server/config';
import { openConfiguredStore } from '../../server/db/openConfigured';
import { LAST_ADMIN_KEY_REFUSAL } from '../../server/auth/keyChanges';
import { listAudit } from '../../server/repos/audit';
import { runKeys } from '../support/process';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The records in the folder, oldest first. */
async function records() {
  const { store } = await openConfiguredStore(loadConfig({ SOURCEDESK_DATA_DIR: dataDir }), {
    lockFolder: false,
  });
  try {
    return (await listAudit(store.db, {}, 200)).reverse();
  } finally {
    await store.close();
  }
}

const keyId = (stdout: string) => /^Key (\d+) for /m.exec(stdout)![1]!;

test('keys revoke and issue --role keep a lasting admin key, and each change is one record', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-keys-'));
  const first = await runKeys(dataDir, 'issue', 'ada@keys.test', '--role', 'admin');
  expect(first.code).toBe(0);
  const adaKey = keyId(first.stdout);

  // Ada's key is the only way in for an admin: revoking it is refused, in the API's words.
  const refused = await runKeys(dataDir, 'revoke', adaKey);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(LAST_ADMIN_KEY_REFUSAL);

  // Bea is an admin too, but with no key once hers is revoked (Ada's still lets an admin in).
  const bea = await runKeys(dataDir, 'issue', 'bea@keys.test', '--role', 'admin');
  const revoked = await runKeys(dataDir, 'revoke', keyId(bea.stdout));
  expect(revoked.code).toBe(0);

  // An admin is left (Bea), but no admin key that lasts would be: the demotion is refused.
  const demotion = await runKeys(dataDir, 'issue', 'ada@keys.test', '--role', 'basic');
  expect(demotion.code).toBe(1);
  expect(demotion.stderr).toContain('The role of ada@keys.test stays admin, and no key was issued');
  expect(demotion.stderr).toContain(LAST_ADMIN_KEY_REFUSAL);

  // With a key of Bea's, Ada may be demoted, and her key revoked.
  expect((await runKeys(dataDir, 'issue', 'bea@keys.test')).code).toBe(0);
  const demoted = await runKeys(dataDir, 'issue', 'ada@keys.test', '--role', 'basic');
  expect(demoted.code).toBe(0);
  expect((await runKeys(dataDir, 'revoke', adaKey)).code).toBe(0);

  const log = await records();
  expect(log.map((r) => [r.action, r.resource_name])).toEqual([
    ['user.create', 'ada@keys.test'],
    ['api_key.create', expect.stringMatching(/^sd_/)],
    ['user.create', 'bea@keys.test'],
    ['api_key.create', expect.stringMatching(/^sd_/)],
    ['api_key.delete', expect.stringMatching(/^sd_/)],
    ['api_key.create', expect.stringMatching(/^sd_/)],
    ['user.role_change', 'ada@keys.test'],
    ['api_key.create', expect.stringMatching(/^sd_/)],
    ['api_key.delete', expect.stringMatching(/^sd_/)],
  ]);
  for (const record of log) {
    expect(record).toMatchObject({
      outcome: 'success',
      actor: { user_id: null, email: null, api_key_id: null },
      address: null,
      user_agent: KEY_COMMAND_AGENT,
    });
  }
  expect(log[6]!.changes).toEqual({ role: { before: 'admin', after: 'basic' } });
  expect(log[8]).toMatchObject({
    resource_id: adaKey,
    changes: { role: { before: 'basic', after: null } },
  });
  // No record holds a secret.
  const secret = /^(sd_[\w-]+)$/m.exec(first.stdout)![1]!;
  expect(JSON.stringify(log)).not.toContain(secret);
}, 60_000);
