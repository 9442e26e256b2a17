import { describe, expect, it } from 'vitest';
import type { Credential } from '../contract/contract';
import { credentialChoices, matchingChoices, pickerStatus } from './credentialChoices';

const credentials: Credential[] = [
  { id: 0, source: 'not_applicable', name: null, credential_json: {} },
  { id: 7, source: 'jira', name: 'Jira bot', credential_json: { jira_api_token: 'abcd...wxyz' } },
  { id: 8, source: 'slack', name: 'Slack bot', credential_json: {} },
];

describe('credentialChoices', () => {
  it('offers only what fits the source (D7), with the masked values laid out', () => {
    const choices = credentialChoices(credentials, { source: 'jira' });
    expect(choices.map((c) => c.id)).toEqual([7]);
    expect(choices[0]?.secrets).toEqual(['API token or personal access token: abcd...wxyz']);
    expect(credentialChoices(credentials, { source: 'web' }).map((c) => c.id)).toEqual([0]);
  });
  it('puts "All credentials" first when asked', () => {
    const choices = credentialChoices(credentials, { allowAll: true });
    expect(choices.map((c) => c.label)).toEqual([
      'All credentials',
      'Built-in empty credential (no secret)',
      'Jira bot',
      'Slack bot',
    ]);
  });
  it('typed text matches name, source or id, ignoring case and surrounding space', () => {
    const choices = credentialChoices(credentials, {});
    expect(matchingChoices(choices, ' SLACK ').map((c) => c.id)).toEqual([8]);
    expect(matchingChoices(choices, '#7').map((c) => c.id)).toEqual([7]);
    expect(matchingChoices(choices, '')).toHaveLength(3);
  });
});

describe('pickerStatus', () => {
  const base = { loading: false, none: false, open: true, typed: '', matches: 3, total: 3 };
  it.each([
    [{ ...base, loading: true }, 'Loading credentials…'],
    [{ ...base, none: true, source: 'jira' as const }, 'No Jira credentials yet.'],
    [{ ...base, none: true }, 'No credentials yet.'],
    [{ ...base, typed: 'zz', matches: 0 }, 'No credential matches “zz”.'],
    [{ ...base, typed: 'j', matches: 1 }, '1 of 3 match.'],
    [{ ...base, typed: 'j', open: false }, ''],
    [base, ''],
  ])('%j → %s', (input, words) => expect(pickerStatus(input)).toBe(words));
});
