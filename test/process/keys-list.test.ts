// `npm run keys -- list` beside a running server: a key made in the panel
// (POST /api/admin/api-key) acts as a hidden user of its own, so the list names
// it by the key's name, never by that user's made-up address.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { SERVICE_EMAIL_DOMAIN } from '../../server/auth/managedKeys';
import { runKeys, startServerProcess } from '../support/process';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('keys list names panel-made keys by their name, and people’s keys by their e-mail', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-keys-'));
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
    SOURCEDESK_ADMIN_EMAIL: 'admin@keys.test',
  });
  try {
    const admin = /#key=(sd_[\w-]+)/.exec(server.stdout())![1]!;
    const make = async (body: object) => {
      const response = await fetch(`${server.origin}/api/admin/api-key`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { api_key_id: number; user_email: string };
    };
    const named = await make({ name: 'Nightly sync', role: 'basic' });
    const unnamed = await make({ role: 'admin' });
    expect(named.user_email).toContain(SERVICE_EMAIL_DOMAIN);

    const listed = await runKeys(dataDir, 'list');
    expect(listed.code).toBe(0);
    const line = (id: number) =>
      listed.stdout
        .split('\n')
        .find((text) => text.startsWith(`${id}\t`))
        ?.split('\t');
    expect(line(named.api_key_id)?.slice(2, 4)).toEqual(['panel key “Nightly sync”', 'basic']);
    expect(line(unnamed.api_key_id)?.slice(2, 4)).toEqual(['panel key (no name)', 'admin']);
    expect(listed.stdout).not.toContain(SERVICE_EMAIL_DOMAIN);
    // The administrator's own key, issued at the first start, still shows its person.
    expect(listed.stdout).toMatch(/^\d+\t\S+\tadmin@keys\.test\tadmin\t/m);
  } finally {
    await server.stop();
  }
}, 40_000);
