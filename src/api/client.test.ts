// @vitest-environment jsdom
// The client's answer checks: a read before the list's first rows is
// checked by the validator the build generates from its zod schema, any other
// by zod itself; both refuse a wrong answer in the same words and pass a right
// one, and D3's problems come back as ApiErrors. The "server" is a stand-in on
// 127.0.0.1 that answers what each test gives it: a wrong server is the fault.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendJson, startStandIn, type StandIn } from '../../test/support/standIns';
import { FIRST_ROWS_READS } from './firstRowsReads';
import { apiRequest, ApiError, setApiBase } from './client';
import { routes } from './routes';

const connector = {
  name: 'Docs',
  source: 'web',
  input_type: 'load_state',
  connector_specific_config: { base_url: 'https://example.com' },
  refresh_freq: null,
  prune_freq: null,
  indexing_start: null,
  id: 1,
  credential_ids: [],
  time_created: '2026-11-27T00:00:00Z',
  time_updated: '2026-11-27T00:00:00Z',
};
let answer: { status: number; body: unknown } = { status: 200, body: null };
let server: StandIn;
beforeAll(async () => {
  const reply = (_request: unknown, response: Parameters<typeof sendJson>[0]) =>
    sendJson(response, answer.status, answer.body);
  server = await startStandIn({
    'GET /api/manage/admin/connector': reply,
    'GET /api/manage/admin/connector/1': reply,
  });
  setApiBase(`${server.origin}/api`);
});
afterAll(() => server.close());

test('the list is among the reads checked without zod', () => {
  expect(FIRST_ROWS_READS).toContain(routes.listConnectors.name);
  expect(FIRST_ROWS_READS).not.toContain(routes.getConnector.name);
});

test('a right answer passes both checks, extra fields and all', async () => {
  answer = { status: 200, body: [{ ...connector, newer_field: true }] };
  expect(await apiRequest(routes.listConnectors, { query: {} })).toMatchObject([connector]);
  answer = {
    status: 200,
    body: {
      ...connector,
      access_type: 'public',
      status: 'ACTIVE',
      credentials: [],
      cc_pairs: [],
      can_change: true,
      can_delete: true,
    },
  };
  await expect(
    apiRequest(routes.getConnector, { params: { connector_id: 1 } }),
  ).resolves.toBeTruthy();
});

test.each([
  ['a field missing', { ...connector, name: undefined }, '0.name'],
  ['a source the contract does not know', { ...connector, source: 'gopher' }, '0.source'],
  [
    'a config that is no object',
    { ...connector, connector_specific_config: [1] },
    '0.connector_specific_config',
  ],
  ['an id that is no integer', { ...connector, id: 1.5 }, '0.id'],
])('the generated check refuses %s, saying where', async (_what, wrong, where) => {
  answer = { status: 200, body: [wrong] };
  await expect(apiRequest(routes.listConnectors, { query: {} })).rejects.toThrow(
    `The server's answer to GET /manage/admin/connector has an unexpected shape (at ${where})`,
  );
});

test('zod refuses a wrong answer to any other read in the same words', async () => {
  answer = { status: 200, body: { ...connector, name: 7 } };
  await expect(apiRequest(routes.getConnector, { params: { connector_id: 1 } })).rejects.toThrow(
    "The server's answer to GET /manage/admin/connector/{connector_id} has an unexpected shape (at name)",
  );
});

test('D3’s problems: a 422 keeps its detail list, another status its words', async () => {
  const detail = [
    { loc: ['query', 'credential'], msg: 'Input should be a valid integer', type: 'int_parsing' },
  ];
  answer = { status: 422, body: { detail } };
  const refused = await apiRequest(routes.listConnectors, { query: {} }).catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ status: 422, message: detail[0]!.msg, validationErrors: detail });
  answer = { status: 404, body: { detail: 'Connector 1 not found' } };
  await expect(
    apiRequest(routes.getConnector, { params: { connector_id: 1 } }),
  ).rejects.toMatchObject({
    status: 404,
    message: 'Connector 1 not found',
  });
  answer = { status: 500, body: { detail: 42 } };
  await expect(apiRequest(routes.listConnectors, { query: {} })).rejects.toThrow(
    'The server answered 500',
  );
});
