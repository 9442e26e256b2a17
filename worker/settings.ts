// The worker's settings: the command line (--server, --key, --concurrency,
// --sources, --id) over the environment (SOURCEDESK_URL, SOURCEDESK_WORKER_KEY,
// SOURCEDESK_WORKER_*), and the source hosts the connection test honours
// (SOURCEDESK_SOURCE_API_HOSTS, read by its one home). Every problem is said in
// words before anything starts.
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import {
  DEFAULT_SOURCE_API_HOSTS,
  parseSourceApiHosts,
  type SourceApiHosts,
} from '../server/connectionCheck/hosts';
import { DOCUMENT_BATCH_MAX } from '../src/contract/sync';
import { READABLE_SOURCES, isReadable, type ReadableSource } from './sources/all';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings } from './sources/http';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export const NO_KEY_WORDS =
  'No worker key: set SOURCEDESK_WORKER_KEY or pass --key. An admin makes one in the panel ' +
  '(Settings, Workers: "Make a worker key") or on the server with `npm run keys -- issue-worker NAME`; ' +
  'it is shown once.';

export interface WorkerSettings {
  server: string;
  key: string;
  workerId: string;
  hostname: string;
  concurrency: number;
  sources: ReadableSource[];
  hosts: SourceApiHosts;
  /** Documents in one batch (and one page asked of a source), at most the server's limit. */
  batchSize: number;
  /** The longest time between two heartbeats of a running job. */
  heartbeatMs: number;
  /** How often a long run says in the log how far it is. */
  progressLogMs: number;
  webMaxPages: number;
  http: HttpSettings;
  /** After SIGTERM, how long a server that does not answer is asked again before the worker gives up. */
  shutdownPatienceMs: number;
}

export class SettingsProblem extends Error {}

function positive(value: string | undefined, name: string, fallback: number, max = Infinity) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new SettingsProblem(
      `${name} must be a whole number from 1${max === Infinity ? '' : ` to ${max}`}, not "${value}"`,
    );
  }
  return number;
}

export function readSettings(argv: string[], env: NodeJS.ProcessEnv): WorkerSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        key: { type: 'string' },
        concurrency: { type: 'string' },
        sources: { type: 'string' },
        id: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new SettingsProblem(
      `${(error as Error).message}. Usage: npm run worker -- [--server URL] [--key KEY] [--concurrency N] [--sources jira,github] [--id NAME]`,
    );
  }
  const server = values.server ?? env.SOURCEDESK_URL ?? DEFAULT_SERVER;
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new SettingsProblem(`The server's address "${server}" is not an http(s) address`);
  }
  const key = values.key ?? env.SOURCEDESK_WORKER_KEY ?? '';
  if (key.trim() === '') throw new SettingsProblem(NO_KEY_WORDS);

  const named = (values.sources ?? env.SOURCEDESK_WORKER_SOURCES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = named.filter((name) => !isReadable(name));
  if (unknown.length > 0) {
    throw new SettingsProblem(
      `This worker cannot read ${unknown.join(', ')}; it reads ${READABLE_SOURCES.join(', ')}`,
    );
  }
  let hosts = DEFAULT_SOURCE_API_HOSTS;
  if (env.SOURCEDESK_SOURCE_API_HOSTS) {
    const parsed = parseSourceApiHosts(env.SOURCEDESK_SOURCE_API_HOSTS);
    if ('problems' in parsed) {
      throw new SettingsProblem(`SOURCEDESK_SOURCE_API_HOSTS ${parsed.problems.join('; ')}`);
    }
    hosts = parsed.hosts;
  }
  const host = hostname();
  return {
    server,
    key: key.trim(),
    workerId: values.id ?? env.SOURCEDESK_WORKER_ID ?? `${host}-${process.pid}`,
    hostname: host,
    concurrency: positive(
      values.concurrency ?? env.SOURCEDESK_WORKER_CONCURRENCY,
      '--concurrency',
      2,
      64,
    ),
    sources: named.length > 0 ? (named as ReadableSource[]) : READABLE_SOURCES,
    hosts,
    batchSize: positive(
      env.SOURCEDESK_WORKER_BATCH_SIZE,
      'SOURCEDESK_WORKER_BATCH_SIZE',
      100,
      DOCUMENT_BATCH_MAX,
    ),
    heartbeatMs:
      1000 *
      positive(
        env.SOURCEDESK_WORKER_HEARTBEAT_SECONDS,
        'SOURCEDESK_WORKER_HEARTBEAT_SECONDS',
        20,
        30,
      ),
    progressLogMs: 60_000,
    webMaxPages: positive(
      env.SOURCEDESK_WORKER_WEB_MAX_PAGES,
      'SOURCEDESK_WORKER_WEB_MAX_PAGES',
      1000,
    ),
    http: {
      ...DEFAULT_HTTP_SETTINGS,
      attempts: positive(
        env.SOURCEDESK_WORKER_RETRY_ATTEMPTS,
        'SOURCEDESK_WORKER_RETRY_ATTEMPTS',
        DEFAULT_HTTP_SETTINGS.attempts,
        20,
      ),
      backoffMs: positive(
        env.SOURCEDESK_WORKER_RETRY_BASE_MS,
        'SOURCEDESK_WORKER_RETRY_BASE_MS',
        DEFAULT_HTTP_SETTINGS.backoffMs,
      ),
      timeoutMs:
        1000 *
        positive(
          env.SOURCEDESK_WORKER_SOURCE_TIMEOUT_SECONDS,
          'SOURCEDESK_WORKER_SOURCE_TIMEOUT_SECONDS',
          60,
        ),
    },
    shutdownPatienceMs: 30_000,
  };
}
