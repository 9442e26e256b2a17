// Every endpoint the panel calls, by its declared name, without its schemas
// (issue 29): the method, path and access come from the declaration itself
// (scripts/panelRoutes.ts makes this module from src/contract/endpoints/ at
// build time), so the connectors list's path needs no zod to call the API.
// The types keep the whole declaration, so a call is checked as before.
import generated from 'virtual:endpoint-routes';
import type { Endpoint } from '../contract/endpoint';
import type { AccessLevel, HttpMethod } from '../contract/endpointPaths';
import type * as alerts from '../contract/endpoints/alerts';
import type * as apiKeys from '../contract/endpoints/apiKeys';
import type * as audit from '../contract/endpoints/audit';
import type * as configuration from '../contract/endpoints/configuration';
import type * as connectionTest from '../contract/endpoints/connectionTest';
import type * as connectors from '../contract/endpoints/connectors';
import type * as credentials from '../contract/endpoints/credentials';
import type * as groups from '../contract/endpoints/groups';
import type * as health from '../contract/endpoints/health';
import type * as service from '../contract/endpoints/service';
import type * as session from '../contract/endpoints/session';
import type * as syncJobs from '../contract/endpoints/syncJobs';
import type * as userLife from '../contract/endpoints/userLife';
import type * as users from '../contract/endpoints/users';
import type * as worker from '../contract/endpoints/worker';

type Modules = typeof alerts &
  typeof apiKeys &
  typeof audit &
  typeof configuration &
  typeof connectionTest &
  typeof connectors &
  typeof credentials &
  typeof groups &
  typeof health &
  typeof service &
  typeof session &
  typeof syncJobs &
  typeof userLife &
  typeof users &
  typeof worker;

/** The name of every declared endpoint. */
export type EndpointName = {
  [K in keyof Modules]: Modules[K] extends Endpoint ? K : never;
}[keyof Modules];

/** A declared endpoint as the client calls it; `declared` is its declaration's type only. */
export interface Route<E extends Endpoint = Endpoint> {
  name: string;
  method: HttpMethod;
  path: string;
  access: AccessLevel;
  readonly declared?: E;
}

/** The declaration a route was made of (each one's, for a union of routes). */
export type DeclaredBy<R extends Route> = NonNullable<R['declared']>;

export const routes = generated as {
  [K in EndpointName]: Route<Extract<Modules[K], Endpoint>> & { name: K };
};
