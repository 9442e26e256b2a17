// D3/D4: the Jira config rules, and several problems reported in one answer.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { snapshotDb } from '../support/http';
import { CONFIG, creationProblems, withConfig } from '../support/validation';

const server = useTestServer();

const { problems, expectOne } = creationProblems(() => server);

describe('D4 Jira config fields', () => {
  it.each([
    'ftp://acme.example',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'garbage',
    'acme.atlassian.net',
    '',
    'http://',
  ])('jira_base_url %j → url_parsing', async (value) => {
    await expectOne(
      withConfig('jira_base_url', value),
      [...CONFIG, 'jira_base_url'],
      'url_parsing',
    );
  });
  it('jira_base_url 5 → string_type', async () => {
    await expectOne(withConfig('jira_base_url', 5), [...CONFIG, 'jira_base_url'], 'string_type');
  });
  it.each(['eng', 'Eng', '1ENG', 'EN-G', ' ENG', '_ENG'])(
    'project_key %j → string_pattern_mismatch',
    async (value) => {
      await expectOne(
        withConfig('project_key', value),
        [...CONFIG, 'project_key'],
        'string_pattern_mismatch',
      );
    },
  );
  it('project_key of 256 characters → string_too_long; 5 → string_type', async () => {
    await expectOne(
      withConfig('project_key', 'A'.repeat(256)),
      [...CONFIG, 'project_key'],
      'string_too_long',
    );
    await expectOne(withConfig('project_key', 5), [...CONFIG, 'project_key'], 'string_type');
  });
  it('comment_email_blacklist "a@b.co" → list_type', async () => {
    await expectOne(
      withConfig('comment_email_blacklist', 'a@b.co'),
      [...CONFIG, 'comment_email_blacklist'],
      'list_type',
    );
  });
  it.each(['not-an-email', 'a b@c.de', 'a@localhost', '@b.co', 'a@', `${'a'.repeat(250)}@b.co`])(
    'a bad address %j → value_error at its index',
    async (bad) => {
      const body = withConfig('comment_email_blacklist', ['ok@acme.example', bad]);
      await expectOne(body, [...CONFIG, 'comment_email_blacklist', 1], 'value_error');
    },
  );
});

describe('D3 several problems are all reported', () => {
  it('top-level and config problems in one answer, in field order; nothing stored', async () => {
    const before = await snapshotDb(server);
    const detail = await problems({
      name: '  ',
      source: 'jira',
      input_type: 'pull',
      connector_specific_config: {
        jira_base_url: 'ftp://x',
        project_key: 'x',
        comment_email_blacklist: ['a@b.co', 'b', 'c@d'],
      },
      refresh_freq: '3600',
      prune_freq: 10,
    });
    expect(detail.map(({ loc, type }) => [loc.join('.'), type])).toEqual([
      ['body.name', 'string_too_short'],
      ['body.input_type', 'enum'],
      ['body.refresh_freq', 'int_type'],
      ['body.prune_freq', 'greater_than_equal'],
      ['body.connector_specific_config.jira_base_url', 'url_parsing'],
      ['body.connector_specific_config.project_key', 'string_pattern_mismatch'],
      ['body.connector_specific_config.comment_email_blacklist.1', 'value_error'],
      ['body.connector_specific_config.comment_email_blacklist.2', 'value_error'],
    ]);
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('an empty object reports every required field', async () => {
    const detail = await problems({});
    expect(detail).toEqual(
      ['name', 'source', 'input_type', 'connector_specific_config'].map((field) => ({
        loc: ['body', field],
        msg: 'Field required',
        type: 'missing',
      })),
    );
  });
});
