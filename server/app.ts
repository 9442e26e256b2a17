// Builds the HTTP app from a store and its settings, without listening:
// tests call it directly, main.ts listens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { UserRole, VersionSet } from '../src/contract/contract';
import { API_PREFIX } from '../src/contract/endpoint';
import { requestForLog } from './http/requestLog';
import { connectionTestSettings, type ConnectionTestOptions } from './connectionTest/settings';
import type { Store } from './db/database';
import { DISK_FULL_DETAIL, isDiskFull, isUnavailable } from './db/storageErrors';
import { accessOf, createGuard, createWriter } from './auth/guard';
import {
  AuthFailures,
  DEFAULT_AUTH_FAILURE_LIMIT,
  type AuthFailureLimit,
} from './auth/authFailures';
import { JsonCache } from './http/cachedJson';
import { closeConnectionsOnClose } from './http/drain';
import { answerEdgeCases } from './http/edges';
import { Outage } from './http/outage';
import { isApiPath, normalPath } from './http/paths';
import { BODY_LIMIT, Problem, problem, tooLarge } from './http/problems';
import { fitProblems } from './http/problemSize';
import { timeoutOptions, type Timeouts } from './http/timeouts';
import { securityHeaders, setSecurityHeaders } from './http/securityHeaders';
import { connectionTestRoutes } from './routes/connectionTest';
import { connectorRoutes } from './routes/connectors';
import { connectorStatusRoutes } from './routes/connectorStatus';
import { healthRoutes } from './routes/health';
import { credentialRoutes } from './routes/credentials';
import { userRoutes } from './routes/users';
import { userLifeRoutes } from './routes/userLife';
import { configurationRoutes } from './routes/configuration';
import { auditRoutes } from './routes/audit';
import { apiKeyRoutes } from './auth/apiKeyRoutes';
import { LoginFailureLog } from './auth/loginFailures';
import { DEFAULT_AUDIT_RETENTION_DAYS, keepAuditRetention } from './audit/retention';
import { versionRoutes } from './routes/versions';
import { sessionRoutes } from './auth/sessionRoutes';
import type { RouteContext } from './routes/context';
import type { PublicAddress } from './auth/sessionCookie';
import { everyDay } from './daily';
import {
  DEFAULT_SESSION_SETTINGS,
  deleteEndedSessions,
  type SessionSettings,
} from './auth/sessions';
import type { OidcSettings } from './auth/oidc/settings';
import { oidcRoutes } from './auth/oidc/routes';
import { invitationRoutes } from './auth/invitationRoutes';
import { openApiRoutes } from './routes/openapi';
import { groupRoutes } from './routes/groups';
import { alertRoutes } from './routes/alerts';
import {
  DEFAULT_RETEST_HOURS,
  healthWatchSettings,
  type HealthWatchOptions,
} from './health/retestSettings';
import { watchHealth } from './health/watch';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './health/syncRules';
import { keepSchedule } from './health/scheduleWatch';
import { workerRoutes } from './routes/worker';
import { syncJobRoutes } from './routes/syncJobs';
import { workerKeyRoutes } from './routes/workerKeys';

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
  /** Sync jobs' schedule and rules (syncRules.ts: defaults there); tests stop the schedule with `schedulerIntervalSeconds: 0`. */
  sync?: Partial<SyncSettings>;
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sourcedesk</title></head>
<body><main><h1>Sourcedesk</h1><p>The panel is not built. Run <code>npm run build</code>, or <code>npm start</code>.</p></main></body></html>`;

/** Pino options that keep keys and secrets out of every log line. */
export const logRedaction = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  censor: '[redacted]',
};

/** The logger as given, its request lines without one-time secrets (requestForLog). */
function withRequestSerializer(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : logger;
  return { ...given, serializers: { req: requestForLog, ...given.serializers } };
}

function routePattern(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** A route of the API as registered (the OpenAPI test holds the description to these). */
export interface ApiRoute {
  method: string;
  /** Fastify's spelling: `/api/manage/admin/connector/:connector_id`. */
  url: string;
  pattern: RegExp;
  /** Who its guard lets through: the roles, null for no key needed (undefined: no guard). */
  roles: readonly UserRole[] | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { versions } = options;
  const failureLimit =
    options.authFailureLimit === undefined ? DEFAULT_AUTH_FAILURE_LIMIT : options.authFailureLimit;
  const app = Fastify({
    logger: withRequestSerializer(options.logger),
    ...timeoutOptions(options.timeouts),
    bodyLimit: BODY_LIMIT,
    // D3: a path id of any length is parsed and refused as int_parsing (422),
    // not cut off as 414; Node's 16 KiB limit on the request head still holds.
    routerOptions: { maxParamLength: 16 * 1024 },
    return503OnClosing: true,
    // D11: errors Fastify raises before routing (a path that cannot be
    // percent-decoded) answer with `detail` too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'unexpected failure');
      setSecurityHeaders(request, reply as FastifyReply, API_PREFIX);
      void (reply as FastifyReply).code(status).send({
        detail: status >= 500 ? 'Internal Server Error' : 'Bad Request: the URL cannot be decoded',
      });
    },
  });

  // Every query of the app goes through the outage's watch, which sees the
  // database answer again after an outage (D11).
  const outage = new Outage(app.log, options.store.engine);
  const store: Store = { ...options.store, db: options.store.db.withPlugin(outage.watch) };

  const sessions = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const address: PublicAddress = {
    origin: options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin,
  };
  const oidc = options.oidc;

  securityHeaders(app, API_PREFIX);
  closeConnectionsOnClose(app);
  answerEdgeCases(app);
  // A path whose id segment is empty (`/manage/admin/connector/`) names no
  // resource: 404 like any unknown path (D11), before the key is asked for.
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, string> | undefined;
    if (params && Object.values(params).some((value) => value === '')) {
      done(problem(404, 'Not Found'));
    } else done();
  });

  // D3: bodies are read raw and parsed by the routes, so that the order of
  // answers (415 before 422) and the shape of JSON errors are ours.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // D11: a wrong method on a known path is a 405, not a 404.
  const apiRoutes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      const access = accessOf(route.onRequest);
      apiRoutes.push({
        method,
        url: route.url,
        pattern: routePattern(route.url),
        roles: access === undefined ? undefined : (access?.roles ?? null),
      });
    }
  });
  app.decorate('apiRoutes', apiRoutes);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof Problem) {
      const { detail } = error.body;
      const body = Array.isArray(detail)
        ? { detail: fitProblems(detail, Buffer.isBuffer(request.body) ? request.body.length : 0) }
        : error.body;
      return reply.code(error.status).headers(error.headers).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) return reply.code(413).send(tooLarge(request.routeOptions.bodyLimit).body);
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: (error as Error).message });
    }
    if (isUnavailable(error)) {
      outage.failed(error);
      const answer = outage.problem();
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (isDiskFull(error)) {
      request.log.error(
        { file: store.file },
        'disk full: the database cannot grow; nothing was changed',
      );
      return reply.code(503).send({ detail: DISK_FULL_DETAIL });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });

  const authFailures = failureLimit ? new AuthFailures(failureLimit) : null;
  const loginFailures = new LoginFailureLog(store.db);
  const context: RouteContext = {
    db: store.db,
    guard: createGuard(store, { sessions, address }, authFailures, loginFailures),
    write: createWriter(store, { sessions, address }),
    secrets: store.secrets,
    reads: new JsonCache(store),
    outage,
    sessions,
    address,
    authFailures,
    loginFailures,
  };
  const testSettings = connectionTestSettings(options.connectionTest);
  const watch = healthWatchSettings(options.healthWatch);
  const sync: SyncSettings = { ...DEFAULT_SYNC_SETTINGS, ...options.sync };
  await app.register(
    async (api) => {
      sessionRoutes(api, context, { oidcName: oidc?.name });
      connectorRoutes(api, context);
      connectorStatusRoutes(
        api,
        context,
        options.retestHours ?? options.healthWatch?.retestHours ?? DEFAULT_RETEST_HOURS,
        sync,
      );
      credentialRoutes(api, context);
      userRoutes(api, context);
      userLifeRoutes(api, context, { singleSignOn: oidc !== undefined });
      invitationRoutes(api, context);
      groupRoutes(api, context);
      auditRoutes(api, context);
      configurationRoutes(api, context);
      apiKeyRoutes(api, context);
      versionRoutes(api, context, versions);
      openApiRoutes(api, context);
      connectionTestRoutes(api, context, testSettings);
      alertRoutes(api, context, watch, options.publicUrl);
      healthRoutes(api, context);
      workerRoutes(api, context, { dialect: store.dialect, settings: sync });
      syncJobRoutes(api, context);
      workerKeyRoutes(api, context, sync);
    },
    { prefix: API_PREFIX },
  );
  // Single sign-on's two addresses are the browser's, not the API's (docs/security.md, "Single sign-on").
  if (oidc) oidcRoutes(app, context, oidc);

  keepAuditRetention(app, store, options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS);
  everyDay(app, 'removing ended sessions', () => deleteEndedSessions(store.db, sessions));
  watchHealth(app, store, watch, testSettings, options.publicUrl);
  keepSchedule(app, store, sync);

  const staticDir = options.staticDir ?? null;
  const hasPanel = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  if (hasPanel) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // Source maps hold the full source: never served, even if a build left some.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Vite names every file under assets/ by its content: it can be kept for
      // good. Everything else (index.html, the icon) is checked again each time.
      cacheControl: false,
      setHeaders: (response, path) => {
        const named = /[\\/]assets[\\/]/.test(path);
        response.setHeader(
          'cache-control',
          named ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = normalPath(request.url);
    if (isApiPath(request.url, API_PREFIX)) {
      const allowed = apiRoutes.filter((route) => route.pattern.test(path)).map((r) => r.method);
      return allowed.length > 0
        ? reply.code(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' })
        : reply.code(404).send({ detail: 'Not Found' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.endsWith('.map')) {
      return reply.code(404).send({ detail: 'Not Found' });
    }
    // The panel's routes live in the browser: every other page is index.html.
    return hasPanel ? reply.sendFile('index.html') : reply.type('text/html').send(PLACEHOLDER);
  });

  return app;
}
