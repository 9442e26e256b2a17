// Every kind of 422 problem (D3's complete list of types), as the real server
// words it, reads as an instruction to a person, not as a validator's sentence.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VALIDATION_ERROR_TYPES, type ValidationError } from '../contract/contract';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { api } from '../../test/support/http';
import { friendlyWords } from './friendlyWords';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const jira = (config: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  name: 'Friendly words',
  source: 'jira',
  input_type: 'poll',
  connector_specific_config: { jira_base_url: 'https://acme.atlassian.net', ...config },
  refresh_freq: 3600,
  prune_freq: 86400,
  ...more,
});

/** Requests that between them draw every type of D3 from the server. */
const BAD_REQUESTS: [string, string, { body?: unknown; raw?: string }][] = [
  ['POST', '/manage/admin/connector', { body: {} }],
  ['POST', '/manage/admin/connector', { body: jira({}, { name: 7, input_type: 'sometimes' }) }],
  ['POST', '/manage/admin/connector', { body: jira({}, { name: '   ' }) }],
  ['POST', '/manage/admin/connector', { body: jira({}, { name: 'x'.repeat(201) }) }],
  ['POST', '/manage/admin/connector', { body: jira({ project_key: 'eng' }) }],
  ['POST', '/manage/admin/connector', { body: jira({}, { refresh_freq: '3600' }) }],
  ['POST', '/manage/admin/connector', { body: jira({}, { refresh_freq: -5 }) }],
  ['POST', '/manage/admin/connector', { body: jira({ comment_email_blacklist: 'a@b.co' }) }],
  ['POST', '/manage/admin/connector', { body: jira({ comment_email_blacklist: ['nobody'] }) }],
  ['POST', '/manage/admin/connector', { body: jira({ jira_base_url: 'ftp://acme.example' }) }],
  ['POST', '/manage/admin/connector', { body: jira({ jira_base_url: 'not an address' }) }],
  ['POST', '/manage/admin/connector', { body: { ...jira({}), connector_specific_config: [] } }],
  ['POST', '/manage/admin/connector', { raw: '{"name": ' }],
  ['GET', '/manage/admin/connector?credential=abc', {}],
  ['POST', '/admin/api-key', { body: { role: 'basic', expires_at: '2020-01-01T00:00:00Z' } }],
  [
    'POST',
    '/manage/credential',
    { body: { name: 'x', source: 'web', credential_json: {}, admin_public: 'yes' } },
  ],
];

test('each type of problem the server sends has words of its own for the panel', async () => {
  const problems: ValidationError[] = [];
  for (const [method, path, options] of BAD_REQUESTS) {
    const answer = await api(server, method, path, options);
    expect(answer.status, `${method} ${path}`).toBe(422);
    problems.push(...(answer.json as { detail: ValidationError[] }).detail);
  }
  // The requests above really draw all of D3's types.
  expect(new Set(problems.map((problem) => problem.type))).toEqual(new Set(VALIDATION_ERROR_TYPES));
  for (const { type, msg } of problems) {
    const words = friendlyWords(msg);
    expect(words, `${type}: ${msg}`).not.toBe(msg);
    expect(words, `${type}: ${msg}`).toMatch(/^[A-Z].*\.$/);
    expect(words, `${type}: ${msg}`).not.toMatch(/Input should|String should|\^|\$'/);
  }
});

test('the words carry the limits and choices that matter', () => {
  expect(friendlyWords('String should have at most 200 characters')).toBe(
    'Too long: keep it to 200 characters.',
  );
  expect(friendlyWords('Input should be greater than or equal to 60')).toBe('Enter 60 or more.');
  expect(friendlyWords("Input should be 'PUBLIC', 'PRIVATE' or 'SYNC'")).toBe(
    'Choose one of PUBLIC, PRIVATE or SYNC.',
  );
  expect(friendlyWords("URL scheme should be 'http' or 'https'")).toBe(
    'Use a web address that starts with https:// (or http://).',
  );
  expect(friendlyWords('something the panel has no words for')).toBe(
    'Something the panel has no words for.',
  );
});

test('a pattern the contract explains is said in its own words', () => {
  expect(
    friendlyWords(
      "String should match pattern '^[A-Z][A-Z0-9_]*$' (upper-case letters, digits and _, starting with a letter)",
    ),
  ).toBe('Use upper-case letters, digits and _, starting with a letter.');
});
