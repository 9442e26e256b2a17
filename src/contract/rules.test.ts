// The contract's pure rules, checked against decisions.md's words.
import { CATALOGUE_SOURCES, needsCredential } from './sources/catalogue';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_MAX_DEPTH,
  credentialFitsSource,
  depthOf,
  isDuplicateConnector,
  parseDateTime,
  urlProblem,
} from './rules';

describe('depthOf counts levels of objects and lists', () => {
  it.each([
    [1, 0],
    ['text', 0],
    [null, 0],
    [{}, 1],
    [[], 1],
    [{ a: 1 }, 1],
    [{ a: { b: [1] } }, 3],
    [[[[]]], 3],
  ])('%j → %i', (value, depth) => expect(depthOf(value)).toBe(depth));

  it('stops one past the limit, however deep the value goes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(depthOf(deep)).toBe(CONFIG_MAX_DEPTH + 1);
  });

  it('a list of a million items does not overflow the stack', () => {
    expect(depthOf({ items: Array.from({ length: 1_000_000 }, () => 0) })).toBe(2);
  });
});

describe('parseDateTime (D4: ISO-8601, no offset means UTC, a bare date is refused)', () => {
  it.each([
    ['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31 09:00:00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00+02:00', '2026-01-31T07:00:00.000Z'],
    ['2026-01-31T09:00:00.123456789Z', '2026-01-31T09:00:00.123Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => expect(parseDateTime(text)?.toISOString()).toBe(iso));

  it.each([
    '2026-01-31',
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '31/01/2026 09:00',
    'now',
    '',
  ])('%j is refused', (text) => expect(parseDateTime(text)).toBeNull());
});

describe('urlProblem (D4: an absolute http or https URL)', () => {
  it.each(['https://acme.atlassian.net', 'http://jira.internal:8080/base'])('%s passes', (url) =>
    expect(urlProblem(url)).toBeNull(),
  );
  it.each([
    [
      'acme.atlassian.net',
      'Input should be a valid URL, for example https://example.atlassian.net',
    ],
    ['javascript:alert(1)', "URL scheme should be 'http' or 'https'"],
    ['ftp://files.example', "URL scheme should be 'http' or 'https'"],
  ])('%s → %s', (url, problem) => expect(urlProblem(url)).toBe(problem));
});

describe('credentialFitsSource (D7)', () => {
  it('the same source fits', () => expect(credentialFitsSource('jira', 'jira')).toBe(true));
  it('another source does not', () => expect(credentialFitsSource('slack', 'jira')).toBe(false));
  it('not_applicable fits a source that needs no credential, and no other', () => {
    expect(credentialFitsSource('not_applicable', 'web')).toBe(true);
    expect(credentialFitsSource('not_applicable', 'file')).toBe(true);
    expect(credentialFitsSource('not_applicable', 'jira')).toBe(false);
  });
  it('every catalogue source without a credential takes credential 0 (XenForo too, as in Onyx)', () => {
    for (const source of CATALOGUE_SOURCES.filter((s) => !needsCredential(s))) {
      expect(credentialFitsSource('not_applicable', source), source).toBe(true);
    }
  });
  it('a credential-free source takes only not_applicable or its own source', () =>
    expect(credentialFitsSource('jira', 'web')).toBe(false));
});

describe('isDuplicateConnector (D4: trimmed name, letter case counts, same source)', () => {
  const jira = { name: 'Docs', source: 'jira' } as const;
  it('surrounding white space does not make a new name', () =>
    expect(isDuplicateConnector(jira, { name: '  Docs ', source: 'jira' })).toBe(true));
  it('letter case does', () =>
    expect(isDuplicateConnector(jira, { name: 'docs', source: 'jira' })).toBe(false));
  it('another source does', () =>
    expect(isDuplicateConnector(jira, { name: 'Docs', source: 'slack' })).toBe(false));
});
