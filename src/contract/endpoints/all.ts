// Every endpoint of the API, in the order the OpenAPI document lists them.
// test/api/endpoints.test.ts holds the server's routes to exactly these.
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

export const ALL_ENDPOINTS: readonly Endpoint[] = [
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
].flatMap(declared);
