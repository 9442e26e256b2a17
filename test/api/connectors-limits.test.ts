// D11: connector_specific_config nested or sized absurdly → a clear 422, nothing
// stored; the server keeps answering after many large bodies.
import { describe, expect, it } from 'vitest';
import { CONFIG_MAX_BYTES, CONFIG_MAX_DEPTH, TOO_DEEP } from '../../src/contract/rules';
import { useTestServer } from '../support/useTestServer';
import { api, plainRequest, snapshotDb } from '../support/http';
import { CONFIG, creationProblems } from '../support/validation';

const server = useTestServer();

const { expectOne } = creationProblems(() => server);
const create = (config: Record<string, unknown>) =>
  api(server, 'POST', '/manage/admin/connector', {
    body: plainRequest('file', { connector_specific_config: config }),
  });

/** An object `levels` deep, objects and lists in turn: {} is one level, {"a": [{}]} three. */
function nested(levels: number): Record<string, unknown> {
  let value: unknown = {};
  for (let level = 2; level <= levels; level++) {
    value = level % 2 === 0 || level === levels ? { a: value } : [value];
  }
  return value as Record<string, unknown>;
}

/** A config whose JSON text is exactly `bytes` long in UTF-8, padded with `unit`. */
function sized(bytes: number, unit = 'x'): Record<string, unknown> {
  const overhead = JSON.stringify({ pad: '' }).length;
  const units = (bytes - overhead) / Buffer.byteLength(unit);
  expect(Number.isInteger(units)).toBe(true);
  return { pad: unit.repeat(units) };
}

describe(`D11 config depth: at most ${CONFIG_MAX_DEPTH} levels`, () => {
  it(`${CONFIG_MAX_DEPTH} levels of objects and lists are stored`, async () => {
    const response = await create(nested(CONFIG_MAX_DEPTH));
    expect(response.status).toBe(200);
  });

  it(`${CONFIG_MAX_DEPTH + 1} levels → value_error at the config, nothing stored`, async () => {
    const before = await snapshotDb(server);
    const body = plainRequest('file', { connector_specific_config: nested(CONFIG_MAX_DEPTH + 1) });
    const problem = await expectOne(body, CONFIG, 'value_error');
    expect(problem.msg).toBe(
      `Input should nest at most ${CONFIG_MAX_DEPTH} levels of objects and lists`,
    );
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('400,000 levels (most of a 1 MiB body) → a 422 before the body is parsed, not a crash (D3)', async () => {
    const raw = JSON.stringify({ ...plainRequest('file'), connector_specific_config: 0 }).replace(
      '"connector_specific_config":0',
      `"connector_specific_config":{"a":${'['.repeat(400_000)}${']'.repeat(400_000)}}`,
    );
    const response = await api(server, 'POST', '/manage/admin/connector', { raw });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ loc: ['body', expect.any(Number)], msg: TOO_DEEP, type: 'json_invalid' }],
    });
  });

  it('a key named __proto__ does not slip past the limit', async () => {
    const raw = JSON.stringify({ ...plainRequest('file'), connector_specific_config: 0 }).replace(
      '"connector_specific_config":0',
      `"connector_specific_config":{"__proto__":${JSON.stringify(nested(CONFIG_MAX_DEPTH))}}`,
    );
    const response = await api(server, 'POST', '/manage/admin/connector', { raw });
    expect(response.status).toBe(422);
  });
});

describe('D11 config size: at most 64 KiB of JSON text', () => {
  it('exactly 64 KiB is stored and listed as sent', async () => {
    const config = sized(CONFIG_MAX_BYTES);
    const response = await create(config);
    expect(response.status).toBe(200);
    const list = await api(server, 'GET', '/manage/admin/connector');
    const stored = (list.json as { id: number; connector_specific_config: unknown }[]).find(
      (connector) => connector.id === (response.json as { id: number }).id,
    );
    expect(stored?.connector_specific_config).toEqual(config);
  });

  it.each([
    ['one byte more', sized(CONFIG_MAX_BYTES + 1)],
    ['bytes, not characters: 2-byte é', sized(CONFIG_MAX_BYTES + 2, 'é')],
    ['a list of 200,000 numbers', { list: Array<number>(200_000).fill(0) }],
    ['20,000 keys', Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))],
  ])('%s → value_error with a plain message, nothing stored', async (_name, config) => {
    const before = await snapshotDb(server);
    const body = plainRequest('file', { connector_specific_config: config });
    const problem = await expectOne(body, CONFIG, 'value_error');
    expect(problem.msg).toBe('Input should be at most 64 KiB (65536 bytes) as JSON text');
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('a large __proto__ value does not slip past the limit', async () => {
    const raw = JSON.stringify({ ...plainRequest('file'), connector_specific_config: 0 }).replace(
      '"connector_specific_config":0',
      `"connector_specific_config":{"__proto__":"${'x'.repeat(CONFIG_MAX_BYTES)}"}`,
    );
    const response = await api(server, 'POST', '/manage/admin/connector', { raw });
    expect(response.status).toBe(422);
  });

  it('a Jira config is held to the same limit', async () => {
    const body = {
      ...plainRequest('jira'),
      connector_specific_config: { jira_base_url: 'https://a.example', ...sized(CONFIG_MAX_BYTES) },
    };
    await expectOne(body, CONFIG, 'value_error');
  });
});

describe('D11 memory stays bounded: many bodies near 1 MiB', () => {
  it('50 near-1-MiB bodies (10 at a time) are refused, and the server still answers', async () => {
    const raw = JSON.stringify({ ...plainRequest('file'), connector_specific_config: { pad: '' } });
    const padded = raw.replace('"pad":""', `"pad":"${'x'.repeat(1024 * 1024 - raw.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(server, 'POST', '/manage/admin/connector', { raw: padded }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(Array(50).fill(422));
    const created = await create({ small: true });
    expect(created.status).toBe(200);
    expect((await api(server, 'GET', '/version')).status).toBe(200);
  });
});
