// D3/D4: every field rule of connector creation, with its loc and type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationError } from '../../src/api/contract';
import { startTestServer, type TestServer } from '../test/harness';
import { api, jiraRequest, snapshotDb } from '../test/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function problems(body: unknown): Promise<ValidationError[]> {
  const response = await api(server, 'POST', '/manage/admin/connector', { body });
  expect(response.status).toBe(422);
  const { detail } = response.json as { detail: ValidationError[] };
  for (const item of detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
  return detail;
}

/** The request has exactly one problem, at `loc`, of `type`. */
async function expectOne(body: unknown, loc: (string | number)[], type: string) {
  const detail = await problems(body);
  expect(detail.map(({ loc, type }) => ({ loc, type }))).toEqual([{ loc, type }]);
  expect(detail[0]!.msg).not.toBe('');
  return detail[0]!;
}

const withField = (field: string, value: unknown) => ({ ...jiraRequest(), [field]: value });
const without = (field: string) => {
  const body: Record<string, unknown> = { ...jiraRequest() };
  delete body[field];
  return body;
};
const withConfig = (field: string, value: unknown) => {
  const body = jiraRequest();
  return { ...body, connector_specific_config: { ...body.connector_specific_config, [field]: value } };
};
const CONFIG = ['body', 'connector_specific_config'];

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
      expect((await api(server, 'POST', '/manage/admin/connector', { body: jiraRequest({ name }) })).status).toBe(200);
    }
  });
});

describe('D4 enums, matched exactly', () => {
  it.each([
    ['source', 'JIRA'], ['source', 'confluence_cloud'], ['source', 7],
    ['input_type', 'POLL'], ['input_type', 'push'], ['input_type', null],
    ['access_type', 'public_ish'], ['access_type', 'everyone'],
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
    ['refresh_freq', '3600', 'int_type'], ['refresh_freq', 3600.5, 'int_type'], ['refresh_freq', true, 'int_type'],
    ['prune_freq', '86400', 'int_type'], ['prune_freq', 86400.5, 'int_type'], ['prune_freq', [86400], 'int_type'],
    ['refresh_freq', 59, 'greater_than_equal'], ['refresh_freq', -1, 'greater_than_equal'],
    ['prune_freq', 299, 'greater_than_equal'], ['prune_freq', 0, 'greater_than_equal'],
  ])('%s %j → %s', async (field, value, type) => {
    await expectOne(withField(field, value), ['body', field], type);
  });

  it('the greater_than_equal message names the bound', async () => {
    expect((await expectOne(withField('prune_freq', 299), ['body', 'prune_freq'], 'greater_than_equal')).msg).toBe(
      'Input should be greater than or equal to 300',
    );
  });
});

describe('D4 container types', () => {
  it.each([[[]], ['{}'], [5], [null]])('connector_specific_config %j → dict_type', async (value) => {
    await expectOne(withField('connector_specific_config', value), [...CONFIG], 'dict_type');
  });
  it.each([['1,2'], [{ a: 1 }], [3]])('groups %j → list_type', async (value) => {
    await expectOne(withField('groups', value), ['body', 'groups'], 'list_type');
  });
  it('groups ["1"] → int_type at its index', async () => {
    await expectOne(withField('groups', [1, '2']), ['body', 'groups', 1], 'int_type');
  });
});

describe('D4 indexing_start', () => {
  it.each(['2026-01-31', '31/01/2026 09:00', 'yesterday', '2026-13-01T00:00:00Z', '2026-02-30T10:00:00Z',
    '2025-02-29T00:00:00Z', '2026-04-31T00:00:00+02:00', '2026-01-31T25:00:00Z'])('%j → value_error', async (value) => {
    await expectOne(withField('indexing_start', value), ['body', 'indexing_start'], 'value_error');
  });
  it('a number → string_type', async () => {
    await expectOne(withField('indexing_start', 1767225600), ['body', 'indexing_start'], 'string_type');
  });
});

describe('D4 Jira config fields', () => {
  it.each(['ftp://acme.example', 'file:///etc/passwd', 'javascript:alert(1)', 'garbage', 'acme.atlassian.net', '', 'http://'])(
    'jira_base_url %j → url_parsing',
    async (value) => {
      await expectOne(withConfig('jira_base_url', value), [...CONFIG, 'jira_base_url'], 'url_parsing');
    },
  );
  it('jira_base_url 5 → string_type', async () => {
    await expectOne(withConfig('jira_base_url', 5), [...CONFIG, 'jira_base_url'], 'string_type');
  });
  it.each(['eng', 'Eng', '1ENG', 'EN-G', ' ENG', '_ENG'])('project_key %j → string_pattern_mismatch', async (value) => {
    await expectOne(withConfig('project_key', value), [...CONFIG, 'project_key'], 'string_pattern_mismatch');
  });
  it('project_key of 256 characters → string_too_long; 5 → string_type', async () => {
    await expectOne(withConfig('project_key', 'A'.repeat(256)), [...CONFIG, 'project_key'], 'string_too_long');
    await expectOne(withConfig('project_key', 5), [...CONFIG, 'project_key'], 'string_type');
  });
  it('comment_email_blacklist "a@b.co" → list_type', async () => {
    await expectOne(withConfig('comment_email_blacklist', 'a@b.co'), [...CONFIG, 'comment_email_blacklist'], 'list_type');
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
      connector_specific_config: { jira_base_url: 'ftp://x', project_key: 'x', comment_email_blacklist: ['a@b.co', 'b', 'c@d'] },
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
