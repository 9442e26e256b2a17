// D3: a JSON body nests at most JSON_DEPTH_MAX arrays and objects deep, checked
// before it is parsed: a bundle of a few megabytes of `[[[[…` in a key the import
// ignores is refused at once (nothing is built, nothing changes), and the server
// keeps answering; a body at the limit is read as before.
import { describe, expect, it } from 'vitest';
import { CONFIG_MAX_DEPTH, JSON_DEPTH_MAX, TOO_DEEP } from '../../src/contract/rules';
import { api, plainRequest, snapshotDb } from '../support/http';
import { makeScimToken, scim } from '../support/scim';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  it('a connector whose config nests one level too deep is refused where it does, and nothing is made', async () => {
    const before = await snapshotDb(server);
    const config = `{"deep":${nested(JSON_DEPTH_MAX)}}`; // the body's object, the config's, then the arrays
    const raw = `{"name":"Deep","source":"web","input_type":"load_state","connector_specific_config":${config},"refresh_freq":3600,"prune_freq":86400,"indexing_start":null}`;
    const refused = await api(server, 'POST', '/manage/admin/connector', { raw });
    expect(refused.status).toBe(422);
    const at = raw.indexOf('['.repeat(JSON_DEPTH_MAX - 1)) + JSON_DEPTH_MAX - 2;
    expect(refused.json).toEqual({
      detail: [{ loc: ['body', at], msg: TOO_DEEP, type: 'json_invalid' }],
    });
    expect(await snapshotDb(server)).toEqual(before);

    // A config at its own limit (D11) is a body well within this one.
    const fits = JSON.stringify({
      ...plainRequest('web'),
      name: 'Deep enough',
      connector_specific_config: {
        ...plainRequest('web').connector_specific_config,
        deep: JSON.parse(nested(CONFIG_MAX_DEPTH - 1)) as unknown,
      },
    });
    const made = await api(server, 'POST', '/manage/admin/connector', { raw: fits });
    expect(made.status, made.text).toBe(200);
  });

  it('a bundle of megabytes of nested arrays in an ignored key is refused before it is built; the server answers on', async () => {
    const before = await snapshotDb(server);
    const raw = `{"version":1,"ignored":${nested(4_000_000)}}`;
    const refused = await api(server, 'POST', '/admin/import?dry_run=true', { raw });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ detail: [{ msg: TOO_DEEP, type: 'json_invalid' }] });
    expect(await snapshotDb(server)).toEqual(before);
    expect((await api(server, 'GET', '/version')).status).toBe(200);
  });

  it('SCIM says so in its own envelope (400 invalidSyntax)', async () => {
    const token = await makeScimToken(server);
    const refused = await scim(server, token, 'POST', '/Users', {
      raw: `{"userName":"deep@example.com","x":${nested(JSON_DEPTH_MAX + 1)}}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ scimType: 'invalidSyntax', detail: TOO_DEEP });
  });
});
