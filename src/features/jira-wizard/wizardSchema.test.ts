import { expect, test } from 'vitest';
import { connectorCreateRequestSchema } from '../../api/contract';
import { describeFrequency, toHumanFrequency } from '../../lib/frequency';
import { fieldForLoc, stepOfField } from './wizardFields';
import { DEFAULT_VALUES, fromCreateRequest, toCreateRequest, wizardSchema } from './wizardSchema';

const filled = {
  ...DEFAULT_VALUES,
  name: '  QA Jira ',
  jira_base_url: 'https://qa.atlassian.net',
  comment_email_blacklist: [{ address: 'noreply@acme.example' }],
  credential_id: 1,
};

test('the defaults are sent as one hour and one day, in seconds, with the fixed fields', () => {
  const request = toCreateRequest(wizardSchema.parse(filled));
  expect(request).toEqual({
    name: 'QA Jira',
    source: 'jira',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: {
      jira_base_url: 'https://qa.atlassian.net',
      project_key: null,
      comment_email_blacklist: ['noreply@acme.example'],
    },
    refresh_freq: 3600,
    prune_freq: 86400,
  });
  expect(connectorCreateRequestSchema.safeParse(request).success).toBe(true);
});

test('a sent request comes back as the form it was made from', () => {
  const values = {
    ...filled,
    name: 'QA Jira',
    project_key: 'ENG',
    prune: { amount: '90', unit: 'minutes' as const },
  };
  const request = toCreateRequest(wizardSchema.parse(values));
  expect(fromCreateRequest(request, 1)).toEqual(values);
});

test('frequencies read in the largest whole unit', () => {
  expect(toHumanFrequency(86400 * 2)).toEqual({ amount: '2', unit: 'days' });
  expect(toHumanFrequency(5400)).toEqual({ amount: '90', unit: 'minutes' });
  expect(describeFrequency(3600)).toBe('Every 1 hour (3600 seconds)');
});

test('the server minimums, a javascript: address and a missing credential are refused', () => {
  const result = wizardSchema.safeParse({
    ...filled,
    jira_base_url: 'javascript:alert(1)',
    refresh: { amount: '30', unit: 'minutes' },
    prune: { amount: '4', unit: 'minutes' },
    credential_id: null,
  });
  const paths = result.error?.issues.map((issue) => issue.path.join('.'));
  expect(paths).toEqual(['jira_base_url', 'prune.amount', 'credential_id']);
});

test('server locs map onto form fields and their steps (D3)', () => {
  const blacklistLoc = ['body', 'connector_specific_config', 'comment_email_blacklist', 1];
  expect(fieldForLoc(blacklistLoc)).toBe('comment_email_blacklist.1.address');
  expect(fieldForLoc(['body', 'name'])).toBe('name');
  expect(fieldForLoc(['body', 'connector_specific_config', 'jira_base_url'])).toBe('jira_base_url');
  expect(fieldForLoc(['body', 'prune_freq'])).toBe('prune.amount');
  expect(fieldForLoc(['body', 'source'])).toBeNull();
  expect(fieldForLoc(['query', 'name'])).toBeNull();
  expect(stepOfField('comment_email_blacklist.1.address')).toBe('connection');
  expect(stepOfField('refresh.amount')).toBe('schedule');
  expect(stepOfField('credential_id')).toBe('credential');
});
