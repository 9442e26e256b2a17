// The reference worker's rows (D14): `npm run worker`'s entry, as its own process,
// runs one complete index of a fake Jira of 100,000 issues (Jira Server's search,
// each page made as asked: a real HTTP server on 127.0.0.1, in the bench's
// process) through the real server as `npm start` runs it, on an empty data set.
// Figures: documents per second from the run's claim to its finish, and the
// worker's peak memory (VmHWM), which a worker holding one batch at a time keeps
// flat whatever the source's size (test/worker/memory.test.ts checks the heap).
import http from 'node:http';
import { spawn } from 'node:child_process';
import { count, paths, smoke } from './config';
import { peakRssMb, startServer } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';

const ISSUES = smoke ? 2_000 : 100_000;
/** SOURCEDESK_WORKER_BATCH_SIZE's largest: the route's 1,000 documents a batch. */
const BATCH = 1_000;
/** One batch held at a time: the process's own size and one batch's, whatever the source's size. */
const TARGET_PEAK_MB = 250;

/** A Jira Server whose project BIG holds `total` issues, each page made when asked. */
async function startBigJira(total: number) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://jira');
    if (url.pathname !== '/rest/api/2/search' || request.headers.authorization !== 'Bearer pat') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const startAt = Number(url.searchParams.get('startAt') ?? 0);
    const size = Number(url.searchParams.get('maxResults') ?? 50);
    const issues = Array.from({ length: Math.max(0, Math.min(size, total - startAt)) }, (_, i) => ({
      key: `BIG-${startAt + i + 1}`,
      fields: {
        summary: `Issue ${startAt + i + 1}: a summary of the usual length for a ticket`,
        updated: '2026-01-01T00:00:00.000+0000',
      },
    }));
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ startAt, maxResults: size, total, issues }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Attempt {
  status: string;
  total_docs_indexed: number;
  time_started: string | null;
  time_updated: string;
}

export async function measureWorker(set: DataSet, results: Results): Promise<void> {
  const jira = await startBigJira(ISSUES);
  const server = await startServer(set);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.origin}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${set.adminKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const connector = await call('POST', '/manage/admin/connector', {
    name: 'Bench Jira',
    source: 'jira',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: { jira_base_url: jira.origin, project_key: 'BIG' },
    refresh_freq: null,
    prune_freq: null,
  });
  const credential = await call('POST', '/manage/credential', {
    name: 'Bench Jira token',
    source: 'jira',
    credential_json: { jira_api_token: 'pat' },
    admin_public: true,
  });
  const pairId = (
    await call('PUT', `/manage/admin/connector/${connector.id}/credential/${credential.id}`)
  ).data as number;
  const { key } = (await call('POST', '/manage/admin/worker-key', { name: 'bench' })) as {
    key: string;
  };
  // Queued before the worker starts: it claims the run at its first check-in, and
  // the run is timed by the server's own clock, from its claim to its finish.
  await call('POST', '/manage/admin/connector/run-once', {
    connector_id: connector.id,
    from_beginning: true,
  });
  const worker = spawn(
    process.execPath,
    ['--import', 'tsx', 'worker/main.ts', '--server', server.origin, '--concurrency', '1'],
    {
      cwd: paths.root,
      env: {
        ...process.env,
        SOURCEDESK_WORKER_KEY: key,
        SOURCEDESK_WORKER_BATCH_SIZE: String(BATCH),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  worker.stdout.resume();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  try {
    let job: Attempt | undefined;
    for (;;) {
      const attempts = (await call('GET', `/manage/admin/cc-pair/${pairId}/index-attempts`))
        .items as Attempt[];
      job = attempts[0];
      if (job && !['not_started', 'in_progress'].includes(job.status)) break;
      if (worker.exitCode !== null) throw new Error('the worker exited before the run ended');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (Date.parse(job.time_updated) - Date.parse(job.time_started!)) / 1000;
    if (job.status !== 'success' || job.total_docs_indexed !== ISSUES)
      throw new Error(`the worker's run ended ${job.status} with ${job.total_docs_indexed}`);
    const label = `worker: ${count(ISSUES)} Jira issues through the server, batches of ${count(BATCH)}`;
    const perSecond = ISSUES / seconds;
    // No target of its own: the source's and the server's speeds make it (the
    // server's ingest has its row in the performance rows of D14's sync work).
    results.add(`${label}: documents per second`, perSecond, 'docs/s');
    const peak = peakRssMb(worker.pid!);
    results.add(
      `${label}: the worker's peak memory`,
      peak,
      'MB',
      `< ${TARGET_PEAK_MB} MB`,
      peak < TARGET_PEAK_MB,
    );
  } finally {
    worker.kill('SIGTERM');
    await exited;
    await server.stop();
    await jira.close();
  }
}
