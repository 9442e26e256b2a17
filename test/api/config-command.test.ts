// `npm run config` as a CI pipeline runs it: a child process
// against a real server, secrets from the environment, exit 0/1/2.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readSetup } from '../../server/bundle/setup';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';

// Each run starts a TypeScript process: slow on a busy machine, whatever the server does.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let folder: string;
beforeEach(async () => {
  server = await startTestServer();
  folder = mkdtempSync(join(tmpdir(), 'sourcedesk-command-'));
});
afterEach(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/config.ts', ...args, '--url', server.origin],
      { env: { ...process.env, SOURCEDESK_API_KEY: server.adminKey, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const BUNDLE = {
  format_version: 1,
  credentials: [
    {
      ref: 'jira-prod',
      name: 'Jira production',
      source: 'jira',
      credential_json: {
        jira_user_email: 'bot@acme.example',
        jira_api_token: { env: 'JIRA_TOKEN' },
      },
    },
  ],
  connectors: [
    {
      ref: 'eng-jira',
      name: 'Engineering Jira',
      source: 'jira',
      input_type: 'poll',
      connector_specific_config: { jira_base_url: 'https://acme.atlassian.net' },
    },
  ],
  pairs: [{ connector: 'eng-jira', credential: 'jira-prod' }],
  alerts: { webhook_origin: 'https://hooks.example.com', webhook_url: { env: 'ALERT_WEBHOOK' } },
};

it('plans (0), applies with the secret from the environment (0), then has nothing to do (2)', async () => {
  const file = join(folder, 'sourcedesk.json');
  writeFileSync(file, JSON.stringify(BUNDLE));
  const env = {
    JIRA_TOKEN: 'token-from-the-environment-123',
    ALERT_WEBHOOK: 'https://hooks.example.com/services/from-the-environment',
  };

  const plan = await run(['plan', file], env);
  expect(plan.code, plan.stderr).toBe(0);
  expect(plan.stdout).toContain('Create connector eng-jira');
  expect((await api(server, 'GET', '/manage/admin/connector')).json).toEqual([]);

  const applied = await run(['apply', file], env);
  expect(applied.code, applied.stderr).toBe(0);
  expect(applied.stdout).toContain('Applied.');
  const list = (await api(server, 'GET', '/manage/admin/connector')).json as {
    name: string;
    credential_ids: number[];
  }[];
  expect(list.map((c) => [c.name, c.credential_ids.length])).toEqual([['Engineering Jira', 1]]);
  const setup = await readSetup(server.store.db, server.store.secrets);
  expect(setup.webhook).toBe(env.ALERT_WEBHOOK);

  const again = await run(['apply', file], env);
  expect(again.code).toBe(2);
  expect(again.stdout).toContain('Nothing to do.');

  const exported = await run(['export']);
  expect(exported.code).toBe(0);
  writeFileSync(join(folder, 'exported.json'), exported.stdout);
  const text = readFileSync(join(folder, 'exported.json'), 'utf8');
  expect(text).not.toContain(env.JIRA_TOKEN);
  expect(text).not.toContain('from-the-environment');
});

it('exits 1 when the server refuses the bundle, saying where', async () => {
  const file = join(folder, 'broken.json');
  writeFileSync(file, JSON.stringify({ format_version: 2 }));
  const refused = await run(['apply', file]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('made by a newer Sourcedesk (format 2)');

  const noKey = await run(['export'], { SOURCEDESK_API_KEY: '' });
  expect(noKey.code).toBe(1);
  expect(noKey.stderr).toContain('SOURCEDESK_API_KEY');
});
