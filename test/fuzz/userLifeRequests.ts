// The life of a user (docs/api.md, "Users"), broken: invitations with a wrong body
// (422) or a bad address among good ones (400, all or nothing), and the
// `{"user_email"}` routes with a wrong body (422), an unknown address (404) or
// the caller's own (400). None of them changes anything.
import fc from 'fast-check';
import { inviteAddressProblem } from '../../src/contract/userLife';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { nastyString, notA } from './nasty';

const goodAddress = fc
  .tuple(fc.stringMatching(/^[a-z0-9.]{1,12}$/), fc.constantFrom('example.com', 'fuzz.test'))
  .map(([local, domain]) => `fuzz.${local}@${domain}`);
const badAddress = fc
  .oneof(
    nastyString(30),
    fc.constantFrom('', ' ', 'a@b', '@b.co', 'a@b.co ', 'a b@c.co', 'a@@b.co', 'nul\u0000@b.co'),
  )
  .filter((text) => inviteAddressProblem(text) !== null);

export function inviteRequests(fixture: Fixture) {
  const base = fc.record({ emails: fc.array(goodAddress, { maxLength: 3 }) });
  const breakers = fc.oneof(
    missing('emails'),
    breaker('emails', 'not a list', notA('array')),
    breaker(
      'emails',
      'an item not a string',
      fc
        .tuple(fc.array(goodAddress, { maxLength: 2 }), notA('string'))
        .map(([good, wrong]) => [...good, wrong]),
    ),
  );
  // All or nothing: good addresses around at least one bad one → 400, none invited.
  const oneBad = fc
    .tuple(fc.array(goodAddress, { maxLength: 3 }), badAddress, fc.nat())
    .map(([good, bad, at]) => {
      const emails = [...good];
      emails.splice(at % (good.length + 1), 0, bad);
      return objectContent(JSON.stringify({ emails }), 400, 'one bad address among good ones');
    });
  const content = fc.oneof(
    {
      weight: 4,
      arbitrary: brokenObject(base, breakers, ['emails']).map(({ text, what }) =>
        objectContent(text, 422, what),
      ),
    },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ emails: ['a@b.co'] })) },
    { weight: 3, arbitrary: oneBad },
  );
  return fc
    .tuple(someAuth(fixture, ['admin']), sent(content))
    .map(([auth, payload]) => withBody('PUT', '/manage/admin/users', auth, payload));
}

const USER_EMAIL_ROUTES = [
  ['PATCH', '/manage/admin/deactivate-user'],
  ['PATCH', '/manage/admin/activate-user'],
  ['DELETE', '/manage/admin/delete-user'],
] as const;

export function userByEmailRequests(fixture: Fixture) {
  const base = fc.record({ user_email: fc.constantFrom(...fixture.userEmails) });
  const breakers = fc.oneof(
    missing('user_email'),
    breaker('user_email', 'not a string', notA('string')),
  );
  const unknown = nastyString(20).map((junk) =>
    objectContent(
      JSON.stringify({ user_email: `nobody.${junk}@fuzz.invalid` }),
      404,
      'unknown user',
    ),
  );
  const content = (method: string, path: string) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: brokenObject(base, breakers, ['user_email']).map(({ text, what }) =>
          objectContent(text, 422, what),
        ),
      },
      { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ user_email: 'a@b.co' })) },
      { weight: 2, arbitrary: unknown },
      // Yourself: neither deactivated nor deleted (400); reactivating yourself is no change.
      ...(path === '/manage/admin/activate-user'
        ? []
        : [
            {
              weight: 1,
              arbitrary: fc.constant(
                objectContent(
                  JSON.stringify({ user_email: fixture.adminEmail.toUpperCase() }),
                  400,
                  `${method} yourself`,
                ),
              ),
            },
          ]),
    );
  return fc
    .constantFrom(...USER_EMAIL_ROUTES)
    .chain(([method, path]) =>
      fc
        .tuple(someAuth(fixture, ['admin']), sent(content(method, path)))
        .map(([auth, payload]) => withBody(method, path, auth, payload)),
    );
}
