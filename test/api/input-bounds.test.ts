// D3/D4 at the edges of what a body can hold: a list of a hundred thousand
// wrong items is answered with its first 100 problems (never a 5xx, never an
// answer larger than the request), and values that could not be stored as sent
// are refused rather than changed.
import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../src/contract/contract';
import { useTestServer } from '../support/useTestServer';
import { api, jiraRequest, plainRequest, snapshotDb } from '../support/http';

const server = useTestServer();

const create = (raw: string) => api(server, 'POST', '/manage/admin/connector', { raw });
const problems = (json: unknown) => (json as { detail: ValidationError[] }).detail;

describe('D3: at most 100 problems are listed', () => {
  it.each([
    ['groups', (n: number) => plainRequest('file', { groups: Array(n).fill('x') })],
    [
      'comment_email_blacklist',
      (n: number) =>
        jiraRequest({
          connector_specific_config: {
            jira_base_url: 'https://acme.example',
            comment_email_blacklist: Array(n).fill('no'),
          },
        }),
    ],
  ])('%s with 123,500 bad items → 422 with the first 100, in order', async (field, body) => {
    const before = await snapshotDb(server);
    const raw = JSON.stringify(body(123_500));
    const response = await create(raw);
    expect(response.status).toBe(422);
    const listed = problems(response.json);
    expect(listed).toHaveLength(100);
    // The items' problems come in order from the first item (a config this long
    // may also be too big, D11: that problem is listed too).
    const items = listed.filter((problem) => problem.loc.includes(field));
    expect(items.length).toBeGreaterThanOrEqual(99);
    expect(items.map((problem) => problem.loc.at(-1))).toEqual([...Array(items.length).keys()]);
    expect(response.text.length).toBeLessThan(raw.length);
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('D4: values that could not be kept as sent are refused', () => {
  const config = (text: string) =>
    `{"name":"Numbers","source":"file","input_type":"poll","connector_specific_config":${text}}`;

  it.each([
    ['an overflow (would be null)', '{"n":1e400}', ['n'], /would be stored as null/],
    ['-0 (would be 0)', '{"a":{"b":[1,-0]}}', ['a', 'b', 1], /would be stored as 0/],
    ['an integer past 2^53 (would lose digits)', '{"id":9007199254740993}', ['id'], /lose digits/],
    // An underflow: the text is not zero, the parsed number is (found from the text).
    ['an underflow (would be 0)', '{"tiny":[1,1e-400]}', ['tiny', 1], /too small.*stored as 0/],
    [
      'an underflow in E form',
      '{"a\\"b":{"c":[{"d":2.5E-999}]}}',
      ['a"b', 'c', 0, 'd'],
      /too small/,
    ],
    ['an underflow without exponent', `{"t":0.${'0'.repeat(330)}7}`, ['t'], /too small/],
  ])('%s → 422 value_error at its path, nothing stored', async (_what, text, path, words) => {
    const before = await snapshotDb(server);
    const response = await create(config(text));
    expect(response.status).toBe(422);
    expect(problems(response.json)).toEqual([
      {
        loc: ['body', 'connector_specific_config', ...path],
        msg: expect.stringMatching(words),
        type: 'value_error',
      },
    ]);
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('numbers that can be kept are stored and returned as sent', async () => {
    const response = await create(config('{"n":2.5,"m":-7,"big":9007199254740991,"e":1e-300}'));
    expect(response.status).toBe(200);
    const list = (await api(server, 'GET', '/manage/admin/connector')).json as {
      name: string;
      connector_specific_config: unknown;
    }[];
    expect(list.find((c) => c.name === 'Numbers')?.connector_specific_config).toEqual({
      n: 2.5,
      m: -7,
      big: 9007199254740991,
      e: 1e-300,
    });
  });

  it('zero written any way, and the smallest numbers JavaScript holds, are kept', async () => {
    const sent = '{"z":0e-400,"y":0E5,"x":0.000,"w":5e-324,"v":[0E+2,1.5e-323]}';
    const response = await create(config(sent).replace('Numbers', 'Small numbers'));
    expect(response.status).toBe(200);
  });

  it.each(['\\ud800', 'Jira \\udfff', '\\udc00\\ud800 x'])(
    'a name holding half a surrogate pair (%s) → 422 string_type',
    async (escaped) => {
      const response = await create(
        `{"name":"${escaped}","source":"file","input_type":"poll","connector_specific_config":{}}`,
      );
      expect(response.status).toBe(422);
      expect(problems(response.json)).toEqual([
        { loc: ['body', 'name'], msg: expect.stringMatching(/surrogate/), type: 'string_type' },
      ]);
    },
  );

  it('a name or credential name holding NUL → 422 on either store; an address with NUL finds nobody (404)', async () => {
    const response = await create(
      '{"name":"Jira\\u0000","source":"file","input_type":"poll","connector_specific_config":{}}',
    );
    expect(response.status).toBe(422);
    expect(problems(response.json)).toEqual([
      { loc: ['body', 'name'], msg: expect.stringMatching(/NUL character/), type: 'string_type' },
    ]);
    const credential = await api(server, 'POST', '/manage/credential', {
      raw: '{"name":"a\\u0000b","source":"web","credential_json":{},"admin_public":true}',
    });
    expect(credential.status).toBe(422);
    const role = await api(server, 'PATCH', '/manage/set-user-role', {
      raw: '{"user_email":"nobody\\u0000@example.com","new_role":"basic"}',
    });
    expect(role.status).toBe(404);
    const directory = await api(server, 'GET', '/manage/users/accepted?q=%00');
    expect(directory.json).toEqual({ items: [], total_items: 0 });
  });

  it('a name with a whole pair (an emoji) is kept', async () => {
    const response = await create(
      '{"name":"Team \\ud83d\\ude00","source":"file","input_type":"poll","connector_specific_config":{}}',
    );
    expect(response.status).toBe(200);
  });
});
