// Every route the server registers under /api is declared once in
// src/contract/endpoints/, and every declaration is registered; a route added
// by hand, or a declaration left unregistered, fails here.
import { describe, expect, it } from 'vitest';
import { API_PREFIX, routeUrl } from '../../src/contract/endpoint';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints/all';
import { SCIM_ROUTES } from '../../src/contract/scim';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

describe('the declarations and the routes', () => {
  it('are the same set: none registered undeclared, none declared unregistered', () => {
    const registered = server.apiRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const declared = [
      ...ALL_ENDPOINTS.map(
        (endpoint) => `${endpoint.method} ${API_PREFIX}${routeUrl(endpoint.path)}`,
      ),
      // SCIM's own route group (RFC 7644's shapes), listed once in src/contract/scim.ts.
      ...Object.values(SCIM_ROUTES).map((route) => `${route.method} ${API_PREFIX}${route.path}`),
    ].sort();
    expect(registered).toEqual(declared);
  });

  it('declare each method and path once', () => {
    const keys = ALL_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
