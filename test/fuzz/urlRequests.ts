// Broken requests that live in the URL: attach (D7), the two lists (D5, D6),
// the versions (D1, D9), wrong paths and methods (D11).
import fc from 'fast-check';
import { AUDIT_ACTIONS } from '../../src/contract/audit';
import { CURATOR_OR_ADMIN_ROLES } from '../../src/contract/contract';
import { parseDateTime } from '../../src/contract/rules';
import { badAuth, someAuth, type FuzzRequest, type Fixture } from './fuzzRequest';
import { badPercent, encodeSegment, nastyString, notIntegerText, wrongContentType } from './nasty';

const UNKNOWN_ID = fc.integer({ min: 100_000, max: Number.MAX_SAFE_INTEGER }).map(String);
const junkId = notIntegerText
  .map(encodeSegment)
  .filter((segment) => segment !== '.' && segment !== '..');

/**
 * Attach's optional body (D7): text of another media type is refused (415,
 * after a malformed path's 422); a JSON object of fields other than the pair's
 * is ignored, so the path's own answer stands.
 */
const attachBody = fc.option(
  fc.oneof(
    fc
      .tuple(
        nastyString(50).filter((text) => text.length > 0),
        wrongContentType,
      )
      .map(([text, type]) => ({ text, type, status: 415 as number | null })),
    nastyString(50).map((text) => ({
      text: JSON.stringify({ comment: text }),
      type: 'application/json',
      status: null as number | null,
    })),
  ),
);

export function attachRequests(fixture: Fixture) {
  const anyId = fc.oneof(
    fc.constantFrom(...fixture.connectorIds, ...fixture.credentialIds).map(String),
    UNKNOWN_ID,
  );
  const target = fc.oneof(
    fc
      .tuple(junkId, fc.oneof(anyId, junkId))
      .map(([a, b]) => ({ ids: [a, b], status: 422, what: 'bad connector id' })),
    fc
      .tuple(anyId, junkId)
      .map(([a, b]) => ({ ids: [a, b], status: 422, what: 'bad credential id' })),
    fc
      .tuple(UNKNOWN_ID, anyId)
      .map(([a, b]) => ({ ids: [a, b], status: 404, what: 'unknown connector' })),
    fc
      .tuple(fc.constantFrom(...fixture.connectorIds), UNKNOWN_ID)
      .map(([a, b]) => ({ ids: [String(a), b], status: 404, what: 'unknown credential' })),
    fc
      .constantFrom(...fixture.mismatches)
      .map(([a, b]) => ({ ids: [String(a), String(b)], status: 400, what: 'sources differ' })),
  );
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), target, attachBody)
    .map(([auth, { ids, status, what }, body]): FuzzRequest => ({
      method: 'PUT',
      path: `/manage/admin/connector/${ids[0]}/credential/${ids[1]}`,
      headers: { authorization: auth.header, 'content-type': body?.type ?? null },
      body: body ? new Uint8Array(Buffer.from(body.text)) : undefined,
      expected: auth.status !== 200 ? auth.status : status === 422 ? 422 : (body?.status ?? status),
      where: 'path',
      what: `${auth.what}; ${what}`,
    }));
}

/** Query text: a junk `credential` last (D5: the last one counts), junk parameters around it. */
const junkQuery = (credential: fc.Arbitrary<string | null>) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          nastyString(10).filter((key) => key !== 'credential'),
          nastyString(20),
        ),
        { maxLength: 3 },
      ),
      fc.option(fc.stringMatching(/^\d{1,3}$/)),
      credential,
    )
    .map(([params, earlier, last]) => {
      const parts = params.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`);
      if (earlier !== null) parts.push(`credential=${earlier}`);
      if (last !== null) parts.push(`credential=${last}`);
      return parts.join('&');
    });

export function connectorListRequests(fixture: Fixture) {
  const credential = fc.oneof(notIntegerText.map(encodeSegment), badPercent);
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), junkQuery(credential))
    .map(([auth, query]): FuzzRequest => ({
      method: 'GET',
      path: `/manage/admin/connector?${query}`,
      headers: { authorization: auth.header },
      expected: auth.status === 200 ? 422 : auth.status,
      where: 'query',
      what: auth.what,
    }));
}

/** The credential list takes no query (D6): junk is ignored, so only the key can be wrong. */
export function credentialListRequests(fixture: Fixture) {
  return fc
    .tuple(
      badAuth(fixture, CURATOR_OR_ADMIN_ROLES),
      junkQuery(fc.option(nastyString(10).map(encodeSegment))),
    )
    .map(([auth, query]): FuzzRequest => ({
      method: 'GET',
      path: `/manage/admin/credential?${query}`,
      headers: { authorization: auth.header },
      expected: auth.status,
      what: auth.what,
    }));
}

const ROUTES: [string, string[]][] = [
  ['/manage/admin/connector', ['GET', 'POST']],
  ['/manage/admin/connector-status', ['GET']],
  ['/manage/admin/connector/1', ['GET', 'PATCH', 'DELETE']],
  ['/manage/admin/credential', ['GET']],
  ['/manage/admin/credential/1', ['PATCH', 'DELETE']],
  ['/manage/credential', ['POST']],
  ['/manage/admin/connector/1/credential/0', ['PUT', 'DELETE']],
  ['/manage/set-user-role', ['PATCH']],
  ['/manage/users/accepted', ['GET']],
  ['/me', ['GET']],
  ['/versions', ['GET']],
  ['/version', ['GET']],
  ['/health', ['GET']],
  ['/openapi.json', ['GET']],
  ['/admin/audit', ['GET']],
  ['/admin/audit/export', ['GET']],
  ['/admin/api-key', ['GET', 'POST']],
  ['/admin/api-key/1', ['PATCH', 'DELETE']],
  ['/admin/api-key/1/regenerate', ['POST']],
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const KNOWN = new Set(ROUTES.map(([path]) => path));

/** D11: wrong methods (405), paths next to the real ones (404), undecodable paths (400) — before any key. */
export function routeRequests(fixture: Fixture) {
  const wrongMethod = fc
    .constantFrom(...ROUTES)
    .chain(([path, allowed]) =>
      fc
        .constantFrom(...METHODS.filter((m) => !allowed.includes(m)))
        .map((method) => ({ method, path, expected: 405 })),
    );
  const staticPaths = ROUTES.map(([path]) => path).filter((path) => !/\d/.test(path));
  const nearPath = fc
    .tuple(
      fc.constantFrom(...staticPaths),
      fc.oneof(
        nastyString(12).map((junk) => `/${encodeSegment(junk)}`),
        fc.stringMatching(/^[a-z0-9_.~-]{1,6}$/),
        fc.constant('/'),
      ),
      fc.constantFrom(...METHODS.slice(0, 5)),
    )
    .map(([path, suffix, method]) => ({ method, path: `${path}${suffix}`, expected: 404 }))
    .filter(({ path }) => !KNOWN.has(path) && !/\/\.\.?(\/|$)/.test(path))
    // One more segment after these is an id (`/manage/admin/connector/{id}`), not an unknown path.
    .filter(({ path }) => !/^\/manage\/admin\/(connector|credential)\/[^/]+$/.test(path))
    .filter(({ path }) => !/^\/admin\/api-key\/[^/]+$/.test(path));
  const undecodable = fc.tuple(badPercent, fc.boolean()).map(([junk, first]) => ({
    method: 'PUT',
    path: first
      ? `/manage/admin/connector/${junk}/credential/0`
      : `/manage/admin/connector/1/credential/${junk}`,
    expected: 400,
  }));
  return fc
    .tuple(fc.oneof(wrongMethod, nearPath, undecodable), fc.option(badAuth(fixture, ['admin'])))
    .map(([route, auth]): FuzzRequest => ({
      ...route,
      headers: { authorization: auth ? auth.header : `Bearer ${fixture.keys.admin}` },
      what: `route; ${auth?.what ?? 'admin key'}`,
    }));
}

/** The activity log's filters (admins, and curators for what they see: D13): one of them junk, nasty text in the others → 422. */
export function auditRequests(fixture: Fixture) {
  const badValue = fc.oneof(
    fc.tuple(
      fc.constant('limit'),
      fc.oneof(notIntegerText, fc.constantFrom('0', '-1', '201', '99999')),
    ),
    fc.tuple(
      fc.constantFrom('since', 'until'),
      nastyString(20).filter((text) => text !== '' && parseDateTime(text) === null),
    ),
    fc.tuple(
      fc.constant('action'),
      nastyString(20).filter(
        (text) => text !== '' && !(AUDIT_ACTIONS as readonly string[]).includes(text),
      ),
    ),
    fc.tuple(
      fc.constant('cursor'),
      notIntegerText.filter((text) => text !== ''),
    ),
  );
  const others = fc.array(
    fc.tuple(fc.constantFrom('actor', 'resource_type', 'resource_id', 'q'), nastyString(20)),
    { maxLength: 3 },
  );
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), badValue, others, fc.boolean())
    .map(([auth, [name, value], rest, exported]): FuzzRequest => {
      const query = [...rest, [name, value] as const]
        .map(([key, text]) => `${key}=${encodeSegment(text)}`)
        .join('&');
      return {
        method: 'GET',
        path: `/admin/audit${exported ? '/export' : ''}?${query}`,
        headers: { authorization: auth.header },
        expected: auth.status === 200 ? 422 : auth.status,
        where: 'query',
        what: `${auth.what}; bad ${name}`,
      };
    });
}
