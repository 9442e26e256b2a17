// `npm run config` as a CI pipeline runs it: a child process
// against a real server, secrets from the environment, exit 0/1/2.
import { execFile } from 'node:child_process';
import { createServer, request as forward, type Server } from 'node:http';
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

function run(args: string[], env: Record<string, string> = {}, url = server.origin) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/config.ts', ...args, '--url', url],
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

/**
 * A proxy to the server that lets every request through, but ends the
 * connection of the first applying import once the server has answered it,
 * before the answer reaches the command (as a cut connection does).
 */
async function losingTheFirstAnswer(): Promise<{ url: string; proxy: Server }> {
  let lost = false;
  const proxy = createServer((incoming, outgoing) => {
    const passed = forward(
      `${server.origin}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        if (!lost && incoming.method === 'POST' && !incoming.url!.includes('dry_run')) {
          lost = true;
          answer.resume();
          answer.on('end', () => incoming.socket.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(passed);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`, proxy };
}

it('an import applied whose answer was lost is told applied (0), never failed', async () => {
  const file = join(folder, 'sourcedesk.json');
  writeFileSync(file, JSON.stringify({ ...BUNDLE, alerts: undefined }));
  const { url, proxy } = await losingTheFirstAnswer();
  try {
    const applied = await run(['apply', file], { JIRA_TOKEN: 'token-123' }, url);
    expect(applied.stderr).not.toContain('Failed');
    expect(applied.stderr).toContain('The connection ended before the server answered');
    expect(applied.stdout).toContain('Applied');
    expect(applied.code, applied.stderr).toBe(0);
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
  const list = (await api(server, 'GET', '/manage/admin/connector')).json as { name: string }[];
  expect(list.map((c) => c.name)).toEqual(['Engineering Jira']);
});
