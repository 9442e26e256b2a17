// Crashes (D11, D12): a stream of connector creations and attaches to the real
// server process, SIGKILL in the middle of it, a restart on the same data
// folder, and a check that every write answered 200 survived, that nothing
// half-written is stored, and that SQLite's integrity check passes.
//
//   npm run crash-check -- --cycles 5 --requests 2000 [--concurrency 8]
//   (or CRASH_CHECK_CYCLES / CRASH_CHECK_REQUESTS / CRASH_CHECK_CONCURRENCY)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServerProcess, type ServerProcess } from '../test/support/process';
import { inspectDataFile, type Ledger } from './crash-ledger';

export interface CrashCheckOptions {
  /** SIGKILLs, each followed by a restart on the same data folder. */
  cycles: number;
  /** Requests planned per cycle; the kill falls between 40% and 90% of them. */
  requests: number;
  concurrency: number;
  print?: (line: string) => void;
}

export interface CrashCheckReport {
  sent: number;
  acknowledged: number;
  /** Requests in flight when the server was killed: their outcome is unknown. */
  unanswered: number;
  /** Answers other than 200, or failures while the server was up: must be 0. */
  unexpected: number;
  found: number;
  lost: number;
  problems: string[];
  ok: boolean;
}

async function streamUntilKilled(
  server: ServerProcess,
  ledger: Ledger,
  options: CrashCheckOptions,
  cycle: number,
) {
  const headers = { authorization: `Bearer ${ledger.key}`, 'content-type': 'application/json' };
  const killAt = Math.floor(options.requests * (0.4 + 0.5 * Math.random()));
  let sent = 0;
  let killed = false;
  const send = async (method: string, path: string, body?: string): Promise<unknown> => {
    ledger.sent += 1;
    if (++sent >= killAt && !killed) {
      killed = true;
      setImmediate(() => server.child.kill('SIGKILL')); // once this request is on its way
    }
    try {
      const response = await fetch(`${server.origin}/api${path}`, { method, headers, body });
      const json: unknown = await response.json();
      if (response.status === 200) ledger.acknowledged += 1;
      else ledger.unexpected.push(`${method} ${path} → ${response.status}`);
      return response.status === 200 ? json : undefined;
    } catch (error) {
      if (killed) ledger.unanswered += 1;
      else ledger.unexpected.push(`${method} ${path}: ${String(error)}`);
      return undefined;
    }
  };
  const worker = async (w: number) => {
    for (let i = 0; !killed && sent < options.requests; i++) {
      const name = `crash ${cycle}.${w}.${i}`;
      const source = i % 2 === 0 ? 'web' : 'file';
      const config = {
        base_url: `https://example.com/${cycle}/${w}/${i}`,
        note: 'x'.repeat((i % 7) * 600),
      };
      ledger.sentCreates.set(`${source}\n${name}`, config);
      const created = await send(
        'POST',
        '/manage/admin/connector',
        JSON.stringify({
          name,
          source,
          input_type: 'load_state',
          connector_specific_config: config,
        }),
      );
      const id = (created as { id?: number } | undefined)?.id;
      if (id === undefined) continue;
      ledger.ackedCreates.set(id, { name, source, config });
      if (killed) break;
      if (await send('PUT', `/manage/admin/connector/${id}/credential/0`))
        ledger.ackedAttaches.add(id);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
  if (!killed) server.child.kill('SIGKILL');
  await server.exited;
}

export async function runCrashCheck(options: CrashCheckOptions): Promise<CrashCheckReport> {
  const print = options.print ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-crash-'));
  const ledger: Ledger = {
    key: `sd_${randomBytes(32).toString('base64url')}`,
    sent: 0,
    acknowledged: 0,
    unanswered: 0,
    unexpected: [],
    sentCreates: new Map(),
    ackedCreates: new Map(),
    ackedAttaches: new Set(),
  };
  const env = {
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
    ADMIN_API_KEY: ledger.key,
  };
  const problems: string[] = [];
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      await streamUntilKilled(await startServerProcess(env), ledger, options, cycle);
      const after = inspectDataFile(join(dataDir, 'sourcedesk.sqlite'), ledger);
      problems.push(...after.problems.map((p) => `after kill ${cycle}: ${p}`));
      print(
        `kill ${cycle}: ${ledger.sent} sent, ${ledger.acknowledged} acknowledged, ${after.found} found, ${after.lost} lost`,
      );
    }
    // The restarted server answers with everything acknowledged, then stops cleanly.
    const server = await startServerProcess(env);
    const listed = await fetch(`${server.origin}/api/manage/admin/connector`, {
      headers: { authorization: `Bearer ${ledger.key}` },
    });
    const ids = new Set(((await listed.json()) as { id: number }[]).map((c) => c.id));
    const missing = [...ledger.ackedCreates.keys()].filter((id) => !ids.has(id));
    if (missing.length > 0) problems.push(`restarted server does not list ${missing.join(', ')}`);
    const code = await server.stop('SIGTERM');
    if (code !== 0) problems.push(`restarted server exited with ${code} on SIGTERM`);
    const final = inspectDataFile(join(dataDir, 'sourcedesk.sqlite'), ledger);
    problems.push(...final.problems.map((p) => `after restart: ${p}`));
    problems.push(...ledger.unexpected);
    const report = {
      sent: ledger.sent,
      acknowledged: ledger.acknowledged,
      unanswered: ledger.unanswered,
      unexpected: ledger.unexpected.length,
      found: final.found,
      lost: final.lost,
      problems,
      ok: problems.length === 0 && final.lost === 0,
    };
    print(
      `requests sent: ${report.sent}, acknowledged (200): ${report.acknowledged}, ` +
        `in flight at a kill: ${report.unanswered}, unexpected answers: ${report.unexpected}, ` +
        `acknowledged writes found after restart: ${report.found}, lost: ${report.lost}, ` +
        `integrity_check: ${final.integrity}`,
    );
    return report;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      cycles: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  const count = (arg: string | undefined, env: string | undefined, fallback: number) =>
    Math.max(1, Number(arg ?? env ?? fallback) || fallback);
  const report = await runCrashCheck({
    cycles: count(values.cycles, process.env.CRASH_CHECK_CYCLES, 3),
    requests: count(values.requests, process.env.CRASH_CHECK_REQUESTS, 500),
    concurrency: count(values.concurrency, process.env.CRASH_CHECK_CONCURRENCY, 8),
    print: (line) => console.log(line),
  });
  for (const problem of report.problems.slice(0, 20)) console.error(`PROBLEM: ${problem}`);
  console.log(report.ok ? 'crash check passed' : 'crash check FAILED');
  process.exit(report.ok ? 0 : 1);
}
