// Builds the HTTP app from a store and its settings, without listening:
// tests call it directly, main.ts listens. Its parts are in server/plugins/
// (transport, the route table, errors, the routes' context, the panel) and
// the API's routes in server/routes/all.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { VersionSet } from '../src/contract/contract';
import { API_PREFIX } from '../src/contract/endpoint';
import { connectionTestSettings, type ConnectionTestOptions } from './connectionCheck/settings';
import { connectionTester } from './connectionCheck/tester';
import type { Store } from './db/database';
import { DEFAULT_AUTH_FAILURE_LIMIT, type AuthFailureLimit } from './auth/authFailures';
import { Outage } from './http/outage';
import type { UploadFolder } from './http/fileUpload';
import type { Timeouts } from './http/timeouts';
import { DEFAULT_AUDIT_RETENTION_DAYS, keepAuditRetention } from './audit/retention';
import type { PublicAddress } from './auth/sessionCookie';
import { everyDay, type ChoreFailed } from './daily';
import {
  DEFAULT_SESSION_SETTINGS,
  deleteEndedSessions,
  type SessionSettings,
} from './auth/sessions';
import type { OidcSettings } from './auth/oidc/settings';
import { oidcRoutes } from './routes/oidc';
import { ROUTE_GROUPS, type RouteSettings } from './routes/all';
import {
  DEFAULT_RETEST_HOURS,
  healthWatchSettings,
  type HealthWatchOptions,
} from './watch/settings';
import { watchHealth } from './watch/watch';
import { keepSchedule } from './watch/scheduleWatch';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './health/syncRules';
import { answerErrors } from './plugins/errors';
import { servePanel } from './plugins/panel';
import { routeContext } from './plugins/routeContext';
import { keepRouteTable } from './plugins/routeTable';
import { serverOptions } from './plugins/serverOptions';
import { transport } from './plugins/transport';

export type { ApiRoute } from './plugins/routeTable';

export interface AppOptions {
  store: Store;
  versions: VersionSet;
  /** The built panel (vite's dist/); null serves a placeholder page. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Limits for slow clients (D11); tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /** Wrong keys allowed per address (default DEFAULT_AUTH_FAILURE_LIMIT); null for none. */
  authFailureLimit?: AuthFailureLimit | null;
  /** Connection tests: time limits, tests per user, the fixed API hosts (defaults in their settings). */
  connectionTest?: ConnectionTestOptions;
  /** Days the activity log keeps a record (default 365); 0 keeps them for ever. */
  auditRetentionDays?: number;
  /** Panel sessions' idle time and lifetime (docs/security.md, "Sessions"; defaults there). */
  sessions?: SessionSettings;
  /** `SOURCEDESK_PUBLIC_URL`: the address browsers use (the Origin rule, Secure cookies, single sign-on). */
  publicUrl?: string;
  /** Single sign-on (OpenID Connect); undefined: none. */
  oidc?: OidcSettings;
  /** Background re-tests and alerts (retestSettings.ts: defaults there; tests shorten the times). */
  healthWatch?: HealthWatchOptions;
  /**
   * `SOURCEDESK_RETEST_HOURS` as the health rules read it (a pair untested for
   * twice this needs attention; 0 off): healthWatch's unless given, else 24.
   */
  retestHours?: number;
  /**
   * Where the File source's uploads are kept (main.ts: the data folder's
   * `uploads/`); a temporary folder, removed at close, unless given.
   */
  uploadDir?: string;
  /** Sync jobs' schedule and rules (health/syncRules.ts: defaults there); tests stop the schedule with `schedulerIntervalSeconds: 0`. */
  sync?: Partial<SyncSettings>;
}

/** Pino options that keep keys and secrets out of every log line. */
export const logRedaction = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  censor: '[redacted]',
};

/** The upload folder given, or a temporary one that goes with the app. */
async function uploadFolder(app: FastifyInstance, dir: string | undefined): Promise<UploadFolder> {
  if (dir !== undefined) return { dir };
  const temporary = await mkdtemp(join(tmpdir(), 'sourcedesk-uploads-'));
  app.addHook('onClose', async () => rm(temporary, { recursive: true, force: true }));
  return { dir: temporary };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(options.logger, options.timeouts));

  // Every query of the app goes through the outage's watch, which sees the
  // database answer again after an outage (D11).
  const outage = new Outage(app.log, options.store.engine);
  const store: Store = { ...options.store, db: options.store.db.withPlugin(outage.watch) };

  const sessions = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const address: PublicAddress = {
    origin: options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin,
  };
  const failureLimit =
    options.authFailureLimit === undefined ? DEFAULT_AUTH_FAILURE_LIMIT : options.authFailureLimit;
  const oidc = options.oidc;

  transport(app);
  const apiRoutes = keepRouteTable(app);
  answerErrors(app, outage, store);

  const context = routeContext(store, outage, sessions, address, failureLimit);
  const testSettings = connectionTestSettings(options.connectionTest);
  const watch = healthWatchSettings(options.healthWatch);
  const sync: SyncSettings = { ...DEFAULT_SYNC_SETTINGS, ...options.sync };
  const uploads = await uploadFolder(app, options.uploadDir);
  const settings: RouteSettings = {
    uploads,
    sync,
    dialect: store.dialect,
    sourceHosts: testSettings.hosts,
    versions: options.versions,
    oidc,
    tester: connectionTester(testSettings),
    watch,
    retestHours: options.retestHours ?? options.healthWatch?.retestHours ?? DEFAULT_RETEST_HOURS,
    publicUrl: options.publicUrl,
  };
  await app.register(
    async (api) => {
      for (const group of ROUTE_GROUPS) group(api, context, settings);
    },
    { prefix: API_PREFIX },
  );
  // Single sign-on's two addresses are the browser's, not the API's (docs/security.md, "Single sign-on").
  if (oidc) oidcRoutes(app, context, oidc);

  // The chores' failures: an outage's is the outage's one line (D11).
  const chore: ChoreFailed = (what) => outage.choreFailed(what);
  keepAuditRetention(app, chore, store, options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS);
  everyDay(app, chore, 'removing ended sessions', () => deleteEndedSessions(store.db, sessions));
  watchHealth(app, chore, store, watch, testSettings, options.publicUrl, sync, uploads);
  keepSchedule(app, chore, store, sync);

  await servePanel(app, options.staticDir ?? null, apiRoutes);
  return app;
}
