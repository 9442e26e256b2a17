// Signing in to the panel (docs/security.md, "Sessions"), broken: a body without a key,
// or with one that is not text (422), and keys nobody has (401). None of them
// opens a session.
import fc from 'fast-check';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { withBody } from './fuzzRequest';
import { nastyString, notA } from './nasty';

/** No key is needed to ask for a session: the body carries it. */
const NO_AUTH = { header: null, status: 200 as const, what: 'no key needed' };

export function signInRequests() {
  const unknownKey = nastyString(60).map((junk) => `sd_${junk}`);
  const base = fc.record({ api_key: unknownKey });
  const breakers = fc.oneof(
    missing('api_key'),
    breaker('api_key', 'not a string', notA('string')),
    breaker('api_key', 'empty', fc.constant('')),
  );
  const content = fc.oneof(
    {
      weight: 4,
      arbitrary: brokenObject(base, breakers, ['api_key']).map(({ text, what }) =>
        objectContent(text, 422, what),
      ),
    },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ api_key: 'sd_x' })) },
    {
      weight: 2,
      arbitrary: unknownKey.map((key) =>
        objectContent(JSON.stringify({ api_key: key }), 401, 'a key nobody has'),
      ),
    },
  );
  return sent(content).map((payload) => withBody('POST', '/auth/session', NO_AUTH, payload));
}
