// Every endpoint the panel calls, by its declared name, without its schemas:
// the method, path and access come from the declaration itself
// (scripts/panelRoutes.ts makes this module from src/contract/endpoints/ at
// build time), so the connectors list's path needs no zod to call the API.
// The types keep the whole declaration, so a call is checked as before.
import generated from 'virtual:endpoint-routes';
import type { Endpoint } from '../contract/endpoint';
import type { AccessLevel, HttpMethod } from '../contract/endpointPaths';
import type { MODULES } from '../contract/endpoints/all';

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (
  all: infer I,
) => void
  ? I
  : never;

/** Every declaration module's exports as one: the list is src/contract/endpoints/all.ts's. */
type Modules = Intersection<(typeof MODULES)[number]>;

/** The name of every declared endpoint the panel may call: all but the worker's. */
export type EndpointName = {
  [K in keyof Modules]: Modules[K] extends Endpoint
    ? Modules[K] extends { access: 'worker' }
      ? never
      : K
    : never;
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
