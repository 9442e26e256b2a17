// The lifecycle endpoints, broken: a credential made with a wrong body, and a
// connector changed with one (D3, D4). Every request below is refused with 422
// (after D2's 401 and 403), and nothing is stored.
import fc from 'fast-check';
import { CURATOR_OR_ADMIN_ROLES, DOCUMENT_SOURCES } from '../../src/contract/contract';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { notA, notOneOf } from './nasty';

export function credentialCreateRequests(fixture: Fixture) {
  const base = fc.record({
    name: fc.constantFrom('Slack bot', 'Workspace bot'),
    source: fc.constant('slack'),
    credential_json: fc.constant({ slack_bot_token: 'xoxb-0123456789-fuzz' }),
    admin_public: fc.boolean(),
  });
  const breakers = fc.oneof(
    missing('source', 'credential_json', 'admin_public'),
    breaker('name', 'not a string', notA('string', { nullable: true })),
    breaker('source', 'not a source', notOneOf(DOCUMENT_SOURCES)),
    breaker(
      'credential_json',
      'not a flat object of strings, or without the bot token',
      fc.oneof(
        notA('object'),
        fc.constantFrom({}, { slack_bot_token: 5 }, { slack_bot_token: '' }),
      ),
    ),
    breaker('admin_public', 'not a boolean', notA('boolean')),
  );
  const content = fc.oneof(
    {
      weight: 6,
      arbitrary: brokenObject(base, breakers, [
        'name',
        'source',
        'credential_json',
        'admin_public',
      ]).map(({ text, what }) => objectContent(text, 422, what)),
    },
    {
      weight: 2,
      arbitrary: wholeBodyBreakers(
        JSON.stringify({ source: 'file', credential_json: {}, admin_public: true }),
      ),
    },
  );
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), sent(content))
    .map(([auth, payload]) => withBody('POST', '/manage/credential', auth, payload));
}

export function connectorPatchRequests(fixture: Fixture) {
  const base = fc.record(
    {
      refresh_freq: fc.integer({ min: 60, max: 10 ** 6 }),
      status: fc.constantFrom('ACTIVE', 'PAUSED'),
    },
    { requiredKeys: [] },
  );
  const breakers = fc.oneof(
    breaker(
      'refresh_freq',
      'under a minute',
      fc.oneof(notA('integer', { nullable: true }), fc.integer({ max: 59 })),
    ),
    breaker('prune_freq', 'under five minutes', fc.integer({ min: -(10 ** 6), max: 299 })),
    breaker(
      'status',
      'not a status',
      fc.oneof(notA('string'), fc.constantFrom('active', 'STOPPED', '')),
    ),
    breaker('name', 'blank', fc.constantFrom('', '   ', '\t')),
    breaker('source', 'a source, which cannot change', fc.constantFrom('web', 'jira')),
    breaker('input_type', 'an input type, which cannot change', fc.constantFrom('poll')),
  );
  const content = brokenObject(base, breakers, [
    'refresh_freq',
    'status',
    'name',
    'prune_freq',
  ]).map(({ text, what }) => objectContent(text, 422, what));
  return fc
    .tuple(
      someAuth(fixture, CURATOR_OR_ADMIN_ROLES),
      fc.constantFrom(...fixture.connectorIds),
      sent(content),
    )
    .map(([auth, id, payload]) =>
      withBody('PATCH', `/manage/admin/connector/${id}`, auth, payload),
    );
}
