// POST /manage/admin/connector/test for Zulip (server/connectionCheck/zulip.ts)
// against a fake Zulip on 127.0.0.1 that takes a bot's e-mail and API key as
// Zulip does; and IMAP, which says in words why it is not tried. The bot's key
// goes only to the site its own zuliprc names, and only when the config's
// realm_url is that site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { sendJson, startStandIn, type StandIn } from '../support/standIns';

const BOT = 'indexer-bot@zulip.acme.example';
const KEY = 'zulip-bot-key-0123456789';
const LIMITED = 'zulip-limited-key-0123456789';
const basicOf = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let zulip: StandIn;
let server: TestServer;
beforeAll(async () => {
  zulip = await startStandIn({
    'GET /chat/api/v1/users/me': (request, response) => {
      if (request.headers.authorization === basicOf(BOT, KEY)) {
        return sendJson(response, 200, { result: 'success', email: BOT, is_bot: true });
      }
      if (request.headers.authorization === basicOf(BOT, LIMITED)) {
        return sendJson(response, 403, { result: 'error', code: 'UNAUTHORIZED' });
      }
      sendJson(response, 401, { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' });
    },
  });
  server = await startTestServer({ connectionTest: { limit: null } });
});
afterAll(async () => {
  await server.close();
  await zulip.close();
});

const zuliprc = (key: string, site = `${zulip.origin}/chat`) =>
  `[api]\nemail=${BOT}\nkey=${key}\nsite=${site}\n`;

async function check(content: string, realmUrl = `${zulip.origin}/chat`) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'zulip',
      connector_specific_config: { realm_name: 'acme', realm_url: realmUrl },
      credential_json: { zuliprc_content: content },
    },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(KEY);
  return connectionTestResultSchema.parse(response.json);
}

describe('Zulip', () => {
  it("a good zuliprc passes: the bot's key at the site it names, read-only", async () => {
    const seen = zulip.seen.length;
    const result = await check(zuliprc(KEY));
    expect(result).toMatchObject({
      ok: true,
      checks: [
        { name: 'Zulip sign-in', ok: true, message: 'Zulip accepted the bot’s API key (200)' },
      ],
    });
    expect(zulip.seen.slice(seen).map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /chat/api/v1/users/me',
    ]);
  });

  it('a regenerated key (401) says to download the zuliprc again', async () => {
    const result = await check(zuliprc('old-key-0123456789'));
    expect(result.checks[0]!.message).toMatch(
      /^Zulip refused the bot’s API key \(401\): .*download the bot’s zuliprc again/,
    );
  });

  it('a refusal (403) says what the bot must be', async () => {
    const result = await check(zuliprc(LIMITED));
    expect(result.checks[0]!.message).toMatch(/refused access \(403\): the bot must be/);
  });

  it('a site that is no Zulip (404) says so', async () => {
    const site = `${zulip.origin}/elsewhere`;
    const result = await check(zuliprc(KEY, site), site);
    expect(result.checks[0]!.message).toMatch(/^Zulip has no such page \(404\)/);
  });

  it('a realm_url other than the zuliprc’s site sends nothing', async () => {
    const seen = zulip.seen.length;
    const result = await check(zuliprc(KEY), 'https://chat.other.example');
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^realm_url is not the site the zuliprc names/),
    });
    expect(zulip.seen.length).toBe(seen);
  });
});

it('IMAP says in words why it is not tried (a sign-in is recorded, may alert, counts toward lock-out)', async () => {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'imap',
      connector_specific_config: { host: 'imap.acme.example', port: 993 },
      credential_json: { imap_username: 'bot@acme.example', imap_password: 'p' },
    },
  });
  const result = connectionTestResultSchema.parse(response.json);
  expect(result.ok).toBeNull();
  expect(result.checks[0]!.message).toMatch(
    /^Not checked: signing in to a mail server is recorded .*lock-out, so nothing was tried/,
  );
});
