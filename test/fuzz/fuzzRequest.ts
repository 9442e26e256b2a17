// One generated request, the status D2's order of answers gives it, and the
// check of the answer a client would read (D3, D11).
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  USER_ROLES,
  VALIDATION_ERROR_TYPES,
  errorDetailSchema,
  httpValidationErrorSchema,
  type UserRole,
} from '../../src/contract/contract';
import { BODY_LIMIT } from '../../server/http/problems';
import type { TestServer } from '../support/harness';
import { api } from '../support/http';

export interface FuzzRequest {
  method: string;
  /** Under /api, already percent-encoded. */
  path: string;
  headers: Record<string, string | null>;
  body?: Uint8Array<ArrayBuffer>;
  /** The status of the first rule the request breaks, in D2's order. */
  expected: number;
  /** Where a 422's problems are: loc[0]. */
  where?: 'body' | 'query' | 'path';
  /** The breakers applied, for the failure message. */
  what: string;
}

/** What the database holds for the generators to aim at (or to miss). */
export interface Fixture {
  keys: Record<UserRole, string>;
  adminEmail: string;
  userEmails: string[];
  /** Connectors of free-form sources, to create duplicates of (D4). */
  existing: { name: string; source: string }[];
  connectorIds: number[];
  credentialIds: number[];
  /** Connector and credential of different sources (D7 400). */
  mismatches: [number, number][];
}

interface Auth {
  header: string | null;
  status: 401 | 403 | 200;
  what: string;
}

const validAuth = (fixture: Fixture): Auth => ({
  header: `Bearer ${fixture.keys.admin}`,
  status: 200,
  what: 'admin key',
});

/** D2: a missing, malformed or unknown key (401), or a role that may not call (403). */
export function badAuth(fixture: Fixture, allowed: readonly UserRole[]): fc.Arbitrary<Auth> {
  const key = fixture.keys.admin;
  const forbidden = USER_ROLES.filter((role) => !allowed.includes(role));
  return fc.oneof(
    fc.constant<Auth>({ header: null, status: 401, what: 'no key' }),
    fc
      .constantFrom(
        key,
        `Basic ${key}`,
        `Bearer  ${key}`,
        `Bearer ${key} x`,
        'Bearer',
        `Token ${key}`,
      )
      .map((header): Auth => ({ header, status: 401, what: `malformed ${header.slice(0, 8)}` })),
    fc
      .stringMatching(/^[A-Za-z0-9_.~+/=-]{1,90}$/)
      .map((junk): Auth => ({ header: `Bearer sd_${junk}`, status: 401, what: 'unknown key' })),
    fc
      .constantFrom(...forbidden)
      .map((role): Auth => ({ header: `Bearer ${fixture.keys[role]}`, status: 403, what: role })),
  );
}

/** The admin's key most of the time; a bad one otherwise. */
export const someAuth = (fixture: Fixture, allowed: readonly UserRole[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(validAuth(fixture)) },
    {
      weight: 1,
      arbitrary: badAuth(fixture, allowed),
    },
  );

/** A body and how it is declared: the payload's own status holds only if nothing earlier breaks. */
export interface Payload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string | null;
  /** True when contentType is application/json, parameters aside. */
  json: boolean;
  status: number;
  where?: 'body';
  what: string;
}

/** D2's order: 401 → 403 → 413 → 415 → the payload's 422 / 404 / 400. */
export function withBody(method: string, path: string, auth: Auth, payload: Payload): FuzzRequest {
  const headers = { authorization: auth.header, 'content-type': payload.contentType };
  const size = payload.bytes.length;
  const expected =
    auth.status !== 200
      ? auth.status
      : size > BODY_LIMIT
        ? 413
        : size > 0 && !payload.json
          ? 415
          : payload.status;
  const what = `${auth.what}; ${payload.what}; ${payload.contentType}; ${size} bytes`;
  return { method, path, headers, body: payload.bytes, expected, where: payload.where, what };
}

export const FUZZ_RUNS = Number(process.env.SOURCEDESK_FUZZ_RUNS ?? 2000);

/** Requests sent and answers seen, for the summary line. */
export const tally = { sent: 0, statuses: {} as Record<number, number>, serverErrors: 0 };

export async function sendAndCheck(server: TestServer, request: FuzzRequest) {
  const { method, path, headers, body, expected, where, what } = request;
  const response = await api(server, method, path, { key: null, raw: body, headers });
  tally.sent++;
  tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
  if (response.status >= 500) tally.serverErrors++;

  const context = `${method} ${path.slice(0, 120)} (${what}) → ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBe(expected);
  expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
  expect(Object.keys(response.json as object), context).toEqual(['detail']);
  if (response.status === 422) {
    const { detail } = httpValidationErrorSchema.parse(response.json);
    expect(detail.length, context).toBeGreaterThan(0);
    for (const problem of detail) {
      expect(Object.keys(problem).sort(), context).toEqual(['loc', 'msg', 'type']);
      expect(problem.loc[0], context).toBe(where);
      expect(VALIDATION_ERROR_TYPES, context).toContain(problem.type);
      expect(problem.msg, context).not.toBe('');
    }
  } else {
    expect(errorDetailSchema.parse(response.json).detail, context).not.toBe('');
  }
}
