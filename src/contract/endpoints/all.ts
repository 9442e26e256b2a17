// Every endpoint of the API, in the order the OpenAPI document lists them.
// test/api/endpoints.test.ts holds the server's routes to exactly these.
// A new module of declarations is one line in MODULES: the panel's route types
// (src/api/routes.ts) derive from this list; its handlers are one line in
// server/routes/all.ts.
import type { Endpoint } from '../endpoint';
import * as alerts from './alerts';
import * as apiKeys from './apiKeys';
import * as audit from './audit';
import * as configuration from './configuration';
import * as connectionTest from './connectionTest';
import * as connectors from './connectors';
import * as credentials from './credentials';
import * as groups from './groups';
import * as health from './health';
import * as service from './service';
import * as session from './session';
import * as userLife from './userLife';
import * as users from './users';

const declared = (module: Record<string, unknown>): Endpoint[] =>
  Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  );

/** Every module of declarations, in the OpenAPI document's order. */
export const MODULES = [
  groups,
  connectors,
  health,
  connectionTest,
  credentials,
  users,
  userLife,
  audit,
  configuration,
  apiKeys,
  alerts,
  service,
  session,
] as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = MODULES.flatMap(declared);

/**
 * Each endpoint by the name its module exports it under: the panel's client
 * calls an endpoint by that name (src/api/routes.ts) and finds its answer's
 * schema here. A name is one endpoint's only.
 */
export const ENDPOINTS_BY_NAME: Readonly<Record<string, Endpoint>> = Object.fromEntries(
  MODULES.flatMap((module) => {
    const named = Object.entries(module as Record<string, unknown>);
    return named.filter(
      (entry): entry is [string, Endpoint] => declared({ entry: entry[1] }).length === 1,
    );
  }),
);
if (Object.keys(ENDPOINTS_BY_NAME).length !== ALL_ENDPOINTS.length) {
  throw new Error('Two endpoint declarations share a name (src/contract/endpoints/)');
}
