// D3/D4: every top-level field rule of connector creation, with its loc and type.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { api, jiraRequest } from '../support/http';
import { CONFIG, creationProblems, withField, without } from '../support/validation';

const server = useTestServer();

const { expectOne } = creationProblems(() => server);

describe('D4 required fields → missing', () => {
  it.each(['name', 'source', 'input_type', 'connector_specific_config'])('%s', async (field) => {
    const item = await expectOne(without(field), ['body', field], 'missing');
    expect(item.msg).toBe('Field required');
  });

  it('jira_base_url in a Jira config', async () => {
    const body = jiraRequest({ connector_specific_config: { project_key: 'ENG' } });
    await expectOne(body, [...CONFIG, 'jira_base_url'], 'missing');
  });
});

describe('D4 name', () => {
  it.each([5, null, true, ['a'], { a: 1 }])('%j → string_type', async (value) => {
    await expectOne(withField('name', value), ['body', 'name'], 'string_type');
  });
  it.each(['', '   ', '\t\n '])('%j → string_too_short after trimming', async (value) => {
    await expectOne(withField('name', value), ['body', 'name'], 'string_too_short');
  });
  it('201 characters → string_too_long; 200 (and 200 emoji) are accepted', async () => {
    await expectOne(withField('name', 'n'.repeat(201)), ['body', 'name'], 'string_too_long');
    await expectOne(withField('name', '😀'.repeat(201)), ['body', 'name'], 'string_too_long');
    for (const name of [`  ${'n'.repeat(200)}  `, '😀'.repeat(200)]) {
      expect(
        (await api(server, 'POST', '/manage/admin/connector', { body: jiraRequest({ name }) }))
          .status,
      ).toBe(200);
    }
  });
});

describe('D4 enums, matched exactly', () => {
  it.each([
    ['source', 'JIRA'],
    ['source', 'confluence_cloud'],
    ['source', 7],
    ['input_type', 'POLL'],
    ['input_type', 'push'],
    ['input_type', null],
    ['access_type', 'public_ish'],
    ['access_type', 'everyone'],
  ])('%s %j → enum', async (field, value) => {
    await expectOne(withField(field, value), ['body', field], 'enum');
  });

  it('the message lists the allowed values', async () => {
    const item = await expectOne(withField('input_type', 'push'), ['body', 'input_type'], 'enum');
    expect(item.msg).toBe("Input should be 'load_state', 'poll', 'event' or 'slim_retrieval'");
  });

  it('access_type of another JSON type → string_type', async () => {
    await expectOne(withField('access_type', 1), ['body', 'access_type'], 'string_type');
  });
});

describe('D3/D4 integers: nothing is coerced', () => {
  it.each([
    ['refresh_freq', '3600', 'int_type'],
    ['refresh_freq', 3600.5, 'int_type'],
    ['refresh_freq', true, 'int_type'],
    ['prune_freq', '86400', 'int_type'],
    ['prune_freq', 86400.5, 'int_type'],
    ['prune_freq', [86400], 'int_type'],
    ['refresh_freq', 59, 'greater_than_equal'],
    ['refresh_freq', -1, 'greater_than_equal'],
    ['prune_freq', 299, 'greater_than_equal'],
    ['prune_freq', 0, 'greater_than_equal'],
  ])('%s %j → %s', async (field, value, type) => {
    await expectOne(withField(field, value), ['body', field], type);
  });

  it('the greater_than_equal message names the bound', async () => {
    expect(
      (await expectOne(withField('prune_freq', 299), ['body', 'prune_freq'], 'greater_than_equal'))
        .msg,
    ).toBe('Input should be greater than or equal to 300');
  });
});

describe('D4 container types', () => {
  it.each([[[]], ['{}'], [5], [null]])(
    'connector_specific_config %j → dict_type',
    async (value) => {
      await expectOne(withField('connector_specific_config', value), [...CONFIG], 'dict_type');
    },
  );
  it.each([['1,2'], [{ a: 1 }], [3]])('groups %j → list_type', async (value) => {
    await expectOne(withField('groups', value), ['body', 'groups'], 'list_type');
  });
  it('groups ["1"] → int_type at its index', async () => {
    await expectOne(withField('groups', [1, '2']), ['body', 'groups', 1], 'int_type');
  });
});

describe('D4 indexing_start', () => {
  it.each([
    '2026-01-31',
    '31/01/2026 09:00',
    'yesterday',
    '2026-13-01T00:00:00Z',
    '2026-02-30T10:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-04-31T00:00:00+02:00',
    '2026-01-31T25:00:00Z',
  ])('%j → value_error', async (value) => {
    await expectOne(withField('indexing_start', value), ['body', 'indexing_start'], 'value_error');
  });
  it('a number → string_type', async () => {
    await expectOne(
      withField('indexing_start', 1767225600),
      ['body', 'indexing_start'],
      'string_type',
    );
  });
});
