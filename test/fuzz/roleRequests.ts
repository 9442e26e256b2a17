// PATCH /manage/set-user-role, broken (D8): every request below is refused.
import fc from 'fast-check';
import { USER_ROLES } from '../../src/contract/contract';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { nastyString, notA } from './nasty';

export function setUserRoleRequests(fixture: Fixture) {
  const base = fc.record(
    {
      user_email: fc.constantFrom(...fixture.userEmails),
      new_role: fc.constantFrom(...USER_ROLES),
      explicit_override: fc.boolean(),
    },
    { requiredKeys: ['user_email', 'new_role'] },
  );
  const breakers = fc.oneof(
    missing('user_email', 'new_role'),
    breaker('user_email', 'not a string', notA('string')),
    breaker(
      'new_role',
      'not a role',
      fc.oneof(
        notA('string'),
        fc.constantFrom('Admin', 'ADMIN', ' admin', 'administrator', '', 'curator\u0000'),
        nastyString(20).filter((text) => !(USER_ROLES as readonly string[]).includes(text)),
      ),
    ),
    breaker(
      'explicit_override',
      'not a boolean',
      fc.oneof(notA('boolean'), fc.constantFrom('true', 1, 0)),
    ),
  );
  const unknownUser = fc
    .tuple(base, nastyString(20))
    .map(([body, junk]) =>
      objectContent(
        JSON.stringify({ ...body, user_email: `nobody.${junk}@fuzz.invalid` }),
        404,
        'unknown user',
      ),
    );
  // D8 step 4 or 5: whatever the override, an admin cannot change their own role.
  const self = fc
    .tuple(base, fc.constantFrom(...USER_ROLES.filter((role) => role !== 'admin')))
    .map(([body, role]) =>
      objectContent(
        JSON.stringify({ ...body, user_email: fixture.adminEmail.toUpperCase(), new_role: role }),
        400,
        `self → ${role}`,
      ),
    );
  const content = fc.oneof(
    {
      weight: 6,
      arbitrary: brokenObject(base, breakers, ['user_email', 'new_role', 'explicit_override']).map(
        ({ text, what }) => objectContent(text, 422, what),
      ),
    },
    {
      weight: 2,
      arbitrary: wholeBodyBreakers(JSON.stringify({ user_email: 'a@b.co', new_role: 'basic' })),
    },
    { weight: 1, arbitrary: unknownUser },
    { weight: 1, arbitrary: self },
  );
  return fc
    .tuple(someAuth(fixture, ['admin']), sent(content))
    .map(([auth, payload]) => withBody('PATCH', '/manage/set-user-role', auth, payload));
}
