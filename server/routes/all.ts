// Every group of API routes, in the order they are registered under /api: one
// line each. A new resource module is its declaration (src/contract/endpoints/X.ts,
// listed in src/contract/endpoints/all.ts, from which the panel's route types
// derive), its handlers (server/routes/X.ts, exporting `xRoutes(app, context)`)
// and one line here; test/api/endpoints.test.ts fails while the two lists disagree.
// A group that needs more than the RouteContext takes it from RouteSettings.
import type { FastifyInstance } from 'fastify';
import type { VersionSet } from '../../src/contract/contract';
import type { OidcSettings } from '../auth/oidc/settings';
import type { ConnectionTester } from '../connectionCheck/tester';
import type { HealthWatchSettings } from '../watch/settings';
import { alertRoutes } from './alerts';
import { apiKeyRoutes } from './apiKeys';
import { auditRoutes } from './audit';
import { bundleRoutes } from './bundle';
import { connectionTestRoutes } from './connectionCheck';
import { connectorRoutes } from './connectors';
import { connectorStatusRoutes } from './connectorStatus';
import { fileUploadRoutes } from './fileUpload';
import type { UploadFolder } from '../http/fileUpload';
import type { RouteContext } from './context';
import { credentialRoutes } from './credentials';
import { credentialOriginRoutes } from './credentialOrigins';
import { credentialSwapRoutes } from './credentialSwap';
import { groupRoutes } from './groups';
import { documentSetRoutes } from './documentSets';
import { readinessRoutes } from './readiness';
import { scimRoutes } from './scim';
import { scimTokenRoutes } from './scimToken';
import { invitationRoutes } from './invitations';
import { openApiRoutes } from './openapi';
import { pairTestRoutes } from './pairCheck';
import { sessionRoutes } from './session';
import { userLifeRoutes } from './userLife';
import { userRoutes } from './users';
import { versionRoutes } from './versions';
import { workerRoutes } from './worker';
import { syncJobRoutes } from './syncJobs';
import { workerKeyRoutes } from './workerKeys';
import type { SyncSettings } from '../health/syncRules';
import type { DialectName } from '../db/database';
import type { SourceApiHosts } from '../connectionCheck/hosts';

/** What some groups of routes need beyond the RouteContext, made once by buildApp. */
export interface RouteSettings {
  versions: VersionSet;
  /** Single sign-on; undefined: none. */
  oidc: OidcSettings | undefined;
  /** The one connection tester every test shares (its limit is one for all). */
  tester: ConnectionTester;
  watch: HealthWatchSettings;
  /** Hours after which an untested pair needs attention (0: never). */
  retestHours: number;
  publicUrl: string | undefined;
  /** Sync jobs' schedule and rules (D14). */
  sync: SyncSettings;
  /** The store's dialect (the worker's claim locks rows on PostgreSQL). */
  dialect: DialectName;
  /** The fixed API hosts the connection checks reach (a worker is told their origins, D15). */
  sourceHosts: SourceApiHosts;
  /** Where the File source's uploaded files are kept. */
  uploads: UploadFolder;
}

/** A group of routes: registers its declared endpoints on `api` (prefixed /api). */
export type RouteGroup = (
  api: FastifyInstance,
  context: RouteContext,
  settings: RouteSettings,
) => void;

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  (api, context, { oidc }) => sessionRoutes(api, context, { oidcName: oidc?.name }),
  (api, context, { tester, uploads }) => connectorRoutes(api, context, tester.passed, uploads),
  (api, context, { uploads }) => fileUploadRoutes(api, context, uploads),
  (api, context, { retestHours, sync }) => connectorStatusRoutes(api, context, retestHours, sync),
  credentialRoutes,
  credentialOriginRoutes,
  userRoutes,
  (api, context, { oidc }) => userLifeRoutes(api, context, { singleSignOn: oidc !== undefined }),
  invitationRoutes,
  groupRoutes,
  documentSetRoutes,
  auditRoutes,
  bundleRoutes,
  apiKeyRoutes,
  (api, context, { versions }) => versionRoutes(api, context, versions),
  openApiRoutes,
  (api, context, { tester }) => connectionTestRoutes(api, context, tester),
  (api, context, { tester }) => pairTestRoutes(api, context, tester),
  (api, context, { tester }) => credentialSwapRoutes(api, context, tester),
  (api, context, { watch, publicUrl }) => alertRoutes(api, context, watch, publicUrl),
  readinessRoutes,
  scimTokenRoutes,
  // SCIM's own route group (RFC 7644's shapes), listed in src/contract/scim.ts.
  scimRoutes,
  (api, context, { dialect, sync, sourceHosts }) =>
    workerRoutes(api, context, { dialect, settings: sync, hosts: sourceHosts }),
  syncJobRoutes,
  (api, context, { sync }) => workerKeyRoutes(api, context, sync),
];
