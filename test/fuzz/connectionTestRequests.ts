// POST /manage/admin/connector/test, broken: every request below is refused
// (422 for the body, then 404 for an unknown credential and 400 for one of
// another source), so none of them ever sends a request out. The valid base
// names a closed local port all the same.
import fc from 'fast-check';
import { CURATOR_OR_ADMIN_ROLES, DOCUMENT_SOURCES } from '../../src/contract/contract';
import { brokenObject, breaker, missing, objectContent, sent, wholeBodyBreakers } from './bodies';
import { someAuth, withBody, type Fixture } from './fuzzRequest';
import { notA, notOneOf } from './nasty';

const PATH = '/manage/admin/connector/test';
const CONFIG = { jira_base_url: 'http://127.0.0.1:1', project_key: 'ENG' };
const FIELDS = ['source', 'connector_specific_config', 'credential_id', 'credential_json'];

export function connectionTestRequests(fixture: Fixture) {
  const base = fc.record({
    source: fc.constant('jira'),
    connector_specific_config: fc.constant(CONFIG),
    credential_json: fc.constantFrom(
      { jira_api_token: 'fuzz-token' },
      { jira_user_email: 'bot@fuzz.example', jira_api_token: 'fuzz-token' },
    ),
  });
  const breakers = fc.oneof(
    missing('source', 'connector_specific_config', 'credential_json'),
    breaker('source', 'not a source', notOneOf(DOCUMENT_SOURCES)),
    breaker(
      'connector_specific_config',
      'not an object, or against the Jira rules (D4)',
      fc.oneof(
        notA('object'),
        fc.constantFrom(
          {},
          { jira_base_url: 'ftp://jira.example' },
          { ...CONFIG, project_key: 'not a key' },
          { ...CONFIG, comment_email_blacklist: ['nobody'] },
        ),
      ),
    ),
    // Never a good id: without credential_json beside it, one would run the test.
    breaker(
      'credential_id',
      'not an id',
      fc.oneof(notA('integer'), fc.integer({ min: -(2 ** 40), max: -1 })),
    ),
    breaker(
      'credential_json',
      'not a flat object of strings, or without the token',
      fc.oneof(notA('object'), fc.constantFrom({}, { jira_api_token: 5 }, { jira_api_token: '' })),
    ),
  );
  const stored = (credential_id: number, status: number, what: string) =>
    objectContent(
      JSON.stringify({ source: 'jira', connector_specific_config: CONFIG, credential_id }),
      status,
      what,
    );
  const unknownId = Math.max(...fixture.credentialIds) + 1000;
  const otherSource = [...new Set(fixture.mismatches.map(([, credential]) => credential))];
  const content = fc.oneof(
    {
      weight: 6,
      arbitrary: brokenObject(base, breakers, FIELDS).map(({ text, what }) =>
        objectContent(text, 422, what),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.nat(1000).map((n) => stored(unknownId + n, 404, 'an unknown credential')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...otherSource)
        .map((id) => stored(id, 400, 'a credential of another source (D7)')),
    },
    { weight: 2, arbitrary: wholeBodyBreakers(JSON.stringify({ source: 'file' })) },
  );
  return fc
    .tuple(someAuth(fixture, CURATOR_OR_ADMIN_ROLES), sent(content))
    .map(([auth, payload]) => withBody('POST', PATH, auth, payload));
}
