// POST /manage/admin/connector/test for the sources read without a credential
// (D7): Wikipedia (the language's own host), MediaWiki (the config's hostname,
// its API at /w/api.php or /api.php) and XenForo (a board's address), against
// stand-ins on 127.0.0.1 that answer as a wiki's API and a board do. A wiki
// that answers passes; a private one (401/403) and a wrong address (404) each
// fail in their own words, with the fix. Only GETs are sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { sendJson, startStandIn, type Route, type StandIn } from '../support/standIns';

const siteInfo: Route = (request, response) =>
  new URL(request.url!, 'http://x').searchParams.get('meta') === 'siteinfo'
    ? sendJson(response, 200, { batchcomplete: '', query: { general: { sitename: 'Wiki' } } })
    : sendJson(response, 400, { error: { code: 'badvalue' } });
const status =
  (code: number): Route =>
  (_request, response) =>
    sendJson(response, code, {});
const page: Route = (_request, response) =>
  response.writeHead(200, { 'content-type': 'text/html' }).end('<html>board</html>');

let wikis: StandIn;
let server: TestServer;
beforeAll(async () => {
  wikis = await startStandIn({
    'GET /en/w/api.php': siteInfo,
    'GET /blocked/w/api.php': status(403),
    'GET /wiki/w/api.php': siteInfo,
    'GET /plain/api.php': siteInfo,
    'GET /private/w/api.php': status(401),
    'GET /forums/': page,
    'GET /members-only/': status(403),
  });
  server = await startTestServer({
    connectionTest: { limit: null, hosts: { wikipedia: `${wikis.origin}/{subdomain}` } },
  });
});
afterAll(async () => {
  await server.close();
  await wikis.close();
});

async function testOf(source: string, config: Record<string, unknown>) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: { source, connector_specific_config: config },
  });
  expect(response.status, response.text).toBe(200);
  return connectionTestResultSchema.parse(response.json);
}

describe('Wikipedia', () => {
  const wikipedia = (language: string) =>
    testOf('wikipedia', { language_code: language, recurse_depth: 0 });

  it("the language's wiki answers its API: a pass, read with one GET", async () => {
    const seen = wikis.seen.length;
    const result = await wikipedia('en');
    expect(result).toMatchObject({ ok: true, checks: [{ name: 'Wikipedia', ok: true }] });
    expect(result.checks[0]!.message).toBe('Wikipedia in “en” answered (200)');
    expect(wikis.seen.slice(seen)).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: expect.stringMatching(/^\/en\/w\/api\.php\?action=query&meta=siteinfo/),
      }),
    ]);
  });

  it('a language with no Wikipedia (404) says to check language_code', async () => {
    const result = await wikipedia('xx');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toBe(
      'There is no Wikipedia in “xx” (404): check language_code (en, de, fr …)',
    );
  });

  it('a refusal (403) is said, not a pass', async () => {
    const result = await wikipedia('blocked');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(/^Wikipedia refused to let a guest read it \(403\)/);
  });

  it('a language code that could name another host is refused before anything is sent', async () => {
    const seen = wikis.seen.length;
    const result = await wikipedia('evil.example#');
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a language code/),
    });
    expect(wikis.seen.length).toBe(seen);
  });
});

describe('MediaWiki', () => {
  const mediawiki = (hostname: string) => testOf('mediawiki', { language_code: 'en', hostname });

  it('a wiki with its API at /w/api.php passes', async () => {
    const result = await mediawiki(`${wikis.origin}/wiki`);
    expect(result.ok).toBe(true);
    expect(result.checks[0]!.message).toBe('The wiki’s API answered at /w/api.php (200)');
  });

  it('a plain install with its API at /api.php passes', async () => {
    const result = await mediawiki(`${wikis.origin}/plain/`);
    expect(result.ok).toBe(true);
    expect(result.checks[0]!.message).toBe('The wiki’s API answered at /api.php (200)');
  });

  it('a private wiki (401) fails: this connector reads only what a guest may', async () => {
    const result = await mediawiki(`${wikis.origin}/private`);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      /^MediaWiki refused to let a guest read it \(401\): .*a private wiki cannot be indexed/,
    );
  });

  it('an address with no wiki (404) says to check hostname', async () => {
    const result = await mediawiki(`${wikis.origin}/nothing`);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      /has no MediaWiki API at \/w\/api\.php or \/api\.php: check hostname/,
    );
  });
});

describe('XenForo', () => {
  const xenforo = (path: string) => testOf('xenforo', { base_url: `${wikis.origin}${path}` });

  it('a public board answers: a pass', async () => {
    const result = await xenforo('/forums/');
    expect(result).toMatchObject({ ok: true, checks: [{ name: 'XenForo board', ok: true }] });
  });

  it('a board that refuses guests (403) says this connector reads what a guest may', async () => {
    const result = await xenforo('/members-only/');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(/answered 403: the board refuses guests/);
  });

  it('no such board (404) says to check base_url', async () => {
    const result = await xenforo('/gone/');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      /answered 404: no such board or thread — check base_url/,
    );
  });
});
