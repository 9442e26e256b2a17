// Property-based: generated requests, each broken on purpose, for every endpoint
// under /api. Every answer is the 4xx of the first rule broken (D2's order), in
// its documented shape (D3, D11), never a 5xx; the database is left unchanged.
// SOURCEDESK_FUZZ_RUNS sets how many (2,000 by default; `npm run fuzz` sends more).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USER_ROLES,
  connectorListSchema,
  credentialListSchema,
  type UserRole,
} from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import { apiKeyCreateRequests, apiKeyPatchRequests } from './apiKeyRequests';
import { connectionTestRequests } from './connectionTestRequests';
import { createRequests } from './createRequests';
import { FUZZ_RUNS, sendAndCheck, tally, type Fixture, type FuzzRequest } from './fuzzRequest';
import { connectorPatchRequests, credentialCreateRequests } from './lifecycleRequests';
import { setUserRoleRequests } from './roleRequests';
import { signInRequests } from './signInRequests';
import { inviteRequests, userByEmailRequests } from './userLifeRequests';
import {
  attachRequests,
  auditRequests,
  connectorListRequests,
  credentialListRequests,
  routeRequests,
} from './urlRequests';

let server: TestServer;
let fixture: Fixture;

beforeAll(async () => {
  server = await startTestServer({ demoData: true });
  const keys = {} as Record<UserRole, string>;
  for (const role of USER_ROLES)
    keys[role] = role === 'admin' ? server.adminKey : await server.keyFor(role);
  const connectors = connectorListSchema.parse(
    (await api(server, 'GET', '/manage/admin/connector')).json,
  );
  const credentials = credentialListSchema.parse(
    (await api(server, 'GET', '/manage/admin/credential')).json,
  );
  const users = await server.store.db.selectFrom('users').select('email').execute();
  const jira = connectors.filter((c) => c.source === 'jira').map((c) => c.id);
  // Jira needs a Jira credential: credential 0 (not_applicable) or any other source is refused (D7).
  const notJira = credentials.filter((c) => c.source !== 'jira').map((c) => c.id);
  fixture = {
    keys,
    adminEmail: server.adminEmail,
    userEmails: users.map((user) => user.email),
    existing: connectors
      .filter((c) => c.source !== 'jira')
      .map(({ name, source }) => ({ name, source })),
    connectorIds: connectors.map((c) => c.id),
    credentialIds: credentials.map((c) => c.id),
    mismatches: jira.flatMap((connector) =>
      notJira.map((credential): [number, number] => [connector, credential]),
    ),
  };
  expect(fixture.existing.length * fixture.mismatches.length).toBeGreaterThan(0);
});
afterAll(() => server.close());

const ENDPOINTS: [string, number, (fixture: Fixture) => fc.Arbitrary<FuzzRequest>][] = [
  ['D4 POST /manage/admin/connector', 0.25, createRequests],
  ['D8 PATCH /manage/set-user-role', 0.15, setUserRoleRequests],
  ['D7 PUT /manage/admin/connector/{id}/credential/{id}', 0.12, attachRequests],
  ['D5 GET /manage/admin/connector?credential=…', 0.1, connectorListRequests],
  ['D6 GET /manage/admin/credential', 0.06, credentialListRequests],
  ['D3/D6 POST /manage/credential', 0.1, credentialCreateRequests],
  ['D4 PATCH /manage/admin/connector/{id}', 0.1, connectorPatchRequests],
  ['D1/D11 /versions, /version, wrong methods and paths', 0.12, routeRequests],
  ['D2/D3 POST /manage/admin/connector/test', 0.08, connectionTestRequests],
  ['D3 GET /admin/audit and its export: bad filters', 0.06, auditRequests],
  ['D3 PUT /manage/admin/users: all or nothing', 0.06, inviteRequests],
  ['D3 deactivate, activate and delete a user', 0.06, userByEmailRequests],
  ['D3 POST /admin/api-key: a key made with a wrong body', 0.06, apiKeyCreateRequests],
  ['D3 PATCH /admin/api-key/{id}: a wrong body, or an unknown key', 0.06, apiKeyPatchRequests],
  ['D2/D3 POST /auth/session: no key, a broken body or a key nobody has', 0.06, signInRequests],
];

describe('D2/D3/D11 malformed requests: the right 4xx in its documented shape, nothing stored', () => {
  it.each(ENDPOINTS)('%s', { timeout: 60_000 + FUZZ_RUNS * 30 }, async (_name, share, requests) => {
    const before = await snapshotDb(server);
    await fc.assert(
      fc.asyncProperty(requests(fixture), (request) => sendAndCheck(server, request)),
      { numRuns: Math.ceil(FUZZ_RUNS * share) },
    );
    expect(await snapshotDb(server)).toEqual(before);
  });

  it(`at least ${FUZZ_RUNS} requests were sent, none answered 5xx`, () => {
    const histogram = Object.entries(tally.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `fuzz: ${tally.sent} requests; statuses ${histogram}; 5xx seen: ${tally.serverErrors}`,
    );
    expect(tally.sent).toBeGreaterThanOrEqual(FUZZ_RUNS);
    expect(tally.serverErrors).toBe(0);
  });
});
