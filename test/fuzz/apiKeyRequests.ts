// The API keys' bodies, broken (docs/security.md, "Keys made through the API and the panel"): a key
// made or changed with a wrong name, role or end (422), or a good change of a
// key that does not exist (404). Admins only; none of them changes anything.
import fc from 'fast-check';
import { API_KEY_ROLES } from '../../src/contract/apiKeys';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { hugeString, notA, notOneOf } from './nasty';

const name = fc.option(fc.constantFrom('CI bot', 'Nightly sync', 'é😀'));
const role = fc.constantFrom(...API_KEY_ROLES);
const nameBreakers = [
  breaker('name', 'not a string', notA('string', { nullable: true })),
  breaker('name', 'over 200 characters', hugeString),
];
const roleBreaker = breaker('role', 'not a key role', notOneOf(API_KEY_ROLES));

export function apiKeyCreateRequests(fixture: Fixture) {
  const base = fc.record(
    {
      name,
      role,
      expires_at: fc.option(fc.constantFrom('2999-01-01T00:00:00Z', '2999-06-30T12:00:00+02:00')),
    },
    { requiredKeys: ['role'] },
  );
  const breakers = fc.oneof(
    missing('role'),
    roleBreaker,
    ...nameBreakers,
    breaker(
      'expires_at',
      'not a date-time in the future',
      fc.oneof(
        notA('string', { nullable: true }),
        fc.constantFrom(
          '',
          'tomorrow',
          '2999-01-01',
          '2999-01-01T00:00:00',
          '2999-13-01T00:00:00Z',
          '2000-01-01T00:00:00Z',
        ),
      ),
    ),
  );
  const content = fc.oneof(
    {
      weight: 6,
      arbitrary: brokenObject(base, breakers, ['name', 'role', 'expires_at']).map(
        ({ text, what }) => objectContent(text, 422, what),
      ),
    },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ role: 'basic' })) },
  );
  return fc
    .tuple(someAuth(fixture, ['admin']), sent(content))
    .map(([auth, payload]) => withBody('POST', '/admin/api-key', auth, payload));
}

export function apiKeyPatchRequests(fixture: Fixture) {
  const base = fc.record({ name, role }, { requiredKeys: [] });
  const broken = brokenObject(base, fc.oneof(roleBreaker, ...nameBreakers), ['name', 'role']).map(
    ({ text, what }) => objectContent(text, 422, what),
  );
  // A good body for a key that does not exist: 404, once the body is read.
  const unknownKey = base.map((body) => objectContent(JSON.stringify(body), 404, 'unknown key'));
  const content = fc.oneof(
    { weight: 5, arbitrary: broken },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ name: 'x' })) },
  );
  const request = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 1, max: 50 }), content) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 900_000, max: 999_999 }), unknownKey) },
  );
  return fc
    .tuple(someAuth(fixture, ['admin']), request)
    .chain(([auth, [id, payload]]) =>
      sent(fc.constant(payload)).map((declared) =>
        withBody('PATCH', `/admin/api-key/${id}`, auth, declared),
      ),
    );
}
