// `npm run worker` as real processes against the real server and a fake Jira:
// it refuses to start without a key; two workers share eight jobs and run each
// once; SIGTERM mid-run ends the job `interrupted` after its batch and the next
// run resumes from its checkpoint; the server's process killed mid-run and
// started again on its data folder: the run ends with every document once (D14).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { startServerProcess, type ServerProcess } from '../support/process';
import { api } from '../support/http';
import { manyIssues, startFakeJira, type FakeJira } from '../support/fakeSources/fakeJira';
import { startWorkerProcess, type WorkerProcess } from '../support/workerProcess';
import { attemptsOf, finished } from '../support/workerRun';
import { jiraPair as madePair, makeWorkerKey, runOnce as queued } from '../support/workers';

let server: TestServer | null = null;
let jira: FakeJira | null = null;
const workers: WorkerProcess[] = [];
let serverProcess: ServerProcess | null = null;
let dataDir = '';

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop('SIGKILL')));
  await jira?.close();
  await server?.close();
  await serverProcess?.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  jira = null;
  server = null;
  serverProcess = null;
  dataDir = '';
});

const jiraPair = (project: string) =>
  madePair(server!, {
    connector_specific_config: { jira_base_url: jira!.origin, project_key: project },
  });

/** Queues an index run of the connector: its job's id. */
const runOnce = async (target: TestServer, connectorId: number) =>
  (await queued(target, connectorId))[0]!;

async function setUp(issues: ReturnType<typeof manyIssues>) {
  server = await startTestServer({
    sync: { checkInIntervalSeconds: 1, schedulerIntervalSeconds: 0 },
  });
  jira = await startFakeJira({
    email: 'bot@acme.example',
    token: 'jira-secret-token-value',
    issues,
  });
  return makeWorkerKey(server);
}

const worker = (key: string, ...args: string[]) => {
  const started = startWorkerProcess(['--server', server!.origin, ...args], {
    SOURCEDESK_WORKER_KEY: key,
    SOURCEDESK_WORKER_BATCH_SIZE: '10',
  });
  workers.push(started);
  return started;
};

// Each worker is a process of its own (tsx compiles it at start): seconds on a busy machine.
describe('npm run worker', { timeout: 90_000 }, () => {
  it('refuses to start without a key, saying how to make one', async () => {
    const refused = startWorkerProcess(['--server', 'http://127.0.0.1:9']);
    expect(await refused.exited).toBe(2);
    expect(refused.stderr()).toContain('No worker key: set SOURCEDESK_WORKER_KEY or pass --key');
    expect(refused.stderr()).toContain('npm run keys -- issue-worker NAME');
  });

  it('two workers share eight jobs: each runs once, on one of them', async () => {
    const projects = ['AA', 'BB', 'CC', 'DD', 'EE', 'FF', 'GG', 'HH'];
    const key = await setUp(projects.flatMap((project) => manyIssues(project, 30)));
    const pairs = await Promise.all(projects.map((project) => jiraPair(project)));
    const jobs = [];
    for (const pair of pairs) jobs.push({ ...pair, id: await runOnce(server!, pair.connectorId) });
    const [one, two] = [worker(key, '--id', 'worker-one'), worker(key, '--id', 'worker-two')];

    for (const job of jobs) {
      expect(await finished(server!, job.pairId, job.id, 30_000)).toMatchObject({
        status: 'success',
        total_docs_indexed: 30,
        new_docs_indexed: 30,
      });
      expect(await attemptsOf(server!, job.pairId)).toHaveLength(1);
    }
    const logs = one.stdout() + two.stdout();
    for (const job of jobs) {
      expect(logs.match(new RegExp(`Job ${job.id} \\(.*\\) started`, 'g'))).toHaveLength(1);
    }
    const listed = await api(server!, 'GET', '/manage/admin/worker');
    expect((listed.json as { worker_id: string }[]).map((w) => w.worker_id).sort()).toEqual([
      'worker-one',
      'worker-two',
    ]);
    expect(await one.stop()).toBe(0);
    expect(await two.stop()).toBe(0);
    expect(logs).not.toContain('jira-secret-token-value');
  });

  it('SIGTERM ends the run interrupted after its batch; the next run resumes from the checkpoint', async () => {
    const key = await setUp(manyIssues('ENG', 200));
    const { connectorId, pairId } = await jiraPair('ENG');
    for (let i = 0; i < 20; i++) jira!.faults.push({ delayMs: 250 });
    const first = worker(key, '--concurrency', '1');
    const id = await runOnce(server!, connectorId);
    await first.said(/started: reading every document/);
    // Let a few batches land, then stop the worker as an operator would.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const job = (await attemptsOf(server!, pairId)).find((attempt) => attempt.id === id)!;
      if (job.total_docs_indexed >= 30) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await first.stop('SIGTERM')).toBe(0);
    const stopped = await finished(server!, pairId, id);
    expect(stopped.status).toBe('interrupted');
    expect(stopped.total_docs_indexed).toBeGreaterThanOrEqual(30);
    expect(stopped.total_docs_indexed).toBeLessThan(200);
    expect(first.stdout()).toMatch(
      /SIGTERM received: finishing the current batches, then stopping/,
    );
    expect(first.stdout()).toMatch(new RegExp(`Job ${id} \\(.*\\) finished interrupted`));

    const requestsBefore = jira!.seen.length;
    const resumedId = await runOnce(server!, connectorId);
    worker(key);
    const resumed = await finished(server!, pairId, resumedId, 30_000);
    expect(resumed.status).toBe('success');
    // It began where the first stopped: only the rest was read.
    expect(resumed.total_docs_indexed).toBe(200 - stopped.total_docs_indexed);
    expect(jira!.seen[requestsBefore]!.url.searchParams.get('nextPageToken')).not.toBeNull();
    const inventory = await api(
      server!,
      'GET',
      `/manage/admin/cc-pair/${pairId}/documents?page_size=1`,
    );
    expect((inventory.json as { total_items: number }).total_items).toBe(200);
  });

  it('the server process killed mid-run and started again on its data folder: the run ends with every document, once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-worker-restart-'));
    const adminKey = randomBytes(24).toString('hex');
    const env = {
      SOURCEDESK_DATA_DIR: dataDir,
      SOURCEDESK_DEMO_DATA: 'off',
      ADMIN_API_KEY: adminKey,
    };
    serverProcess = await startServerProcess(env);
    const origin = serverProcess.origin;
    // The helpers speak HTTP to an address with the admin's key: this server is a process.
    const running = {
      origin,
      apiUrl: `${origin}/api`,
      adminKey,
      store: { dialect: 'sqlite' },
    } as unknown as TestServer;
    jira = await startFakeJira({
      email: 'bot@acme.example',
      token: 'jira-secret-token-value',
      issues: manyIssues('ENG', 200),
    });
    const { connectorId, pairId } = await madePair(running, {
      connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
    });
    const key = await makeWorkerKey(running);
    for (let i = 0; i < 20; i++) jira.faults.push({ delayMs: 150 });
    const id = await runOnce(running, connectorId);
    const started = startWorkerProcess(['--server', origin, '--concurrency', '1'], {
      SOURCEDESK_WORKER_KEY: key,
      SOURCEDESK_WORKER_BATCH_SIZE: '10',
    });
    workers.push(started);
    const deadline = Date.now() + 20_000;
    let before = 0;
    while (Date.now() < deadline && before < 30) {
      before = (await attemptsOf(running, pairId)).find((job) => job.id === id)!.total_docs_indexed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(before).toBeGreaterThanOrEqual(30);

    // Killed as a crash or an OOM would, then started again on the same port and folder.
    expect(await serverProcess.stop('SIGKILL')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    serverProcess = await startServerProcess({ ...env, SOURCEDESK_PORT: new URL(origin).port });
    expect(serverProcess.origin).toBe(origin);

    const job = await finished(running, pairId, id, 60_000);
    expect(job).toMatchObject({
      status: 'success',
      total_docs_indexed: 200,
      new_docs_indexed: 200,
    });
    expect(await attemptsOf(running, pairId)).toHaveLength(1);
    const inventory = await api(
      running,
      'GET',
      `/manage/admin/cc-pair/${pairId}/documents?page_size=1`,
    );
    expect((inventory.json as { total_items: number }).total_items).toBe(200);
    expect(started.stdout()).toMatch(/the server did not answer .*; asking again/);
    // The server records the finish before it answers; the worker says so once the answer arrives.
    const said = new RegExp(`Job ${id} \\(.*\\) finished success`);
    const saidBy = Date.now() + 10_000;
    while (!said.test(started.stdout()) && Date.now() < saidBy)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started.stdout()).toMatch(said);
    expect(await started.stop()).toBe(0);
  });
});
