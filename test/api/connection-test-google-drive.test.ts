// POST /manage/admin/connector/test for Google Drive (server/connectionCheck/googleDrive.ts),
// against a fake Google on 127.0.0.1 that does what Google does: its token
// endpoint checks the service account's signed assertion with the account's
// public key and the delegation granted to it, and Drive's `about` takes the
// token it gave. A good key passes; a deleted key, a missing delegation, a
// Drive API not enabled and a wrong address each fail in their own words.
// The private key is never sent: only the assertion it signs.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { sendJson, startStandIn, type Route, type StandIn } from '../support/standIns';

const ADMIN = 'admin@acme.example';
const ACCOUNT = 'indexer@acme.iam.gserviceaccount.com';
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const good = keyPair();
const deleted = keyPair();
const undelegated = keyPair();
const GOOD_TOKEN = 'ya29.good-access-token';
const NO_API_TOKEN = 'ya29.drive-api-disabled';

const keyFile = (privateKey: ReturnType<typeof keyPair>['privateKey'], email = ACCOUNT) =>
  JSON.stringify({
    type: 'service_account',
    client_email: email,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // Never used: the assertion goes to the fixed token endpoint only.
    token_uri: 'http://127.0.0.1:1/elsewhere',
  });

/** Google's token endpoint: which key signed the assertion decides the answer. */
function tokenEndpoint(request: http.IncomingMessage, response: http.ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    const [head = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    const signedBy = (key: ReturnType<typeof keyPair>) =>
      createVerify('RSA-SHA256')
        .update(`${head}.${claims}`)
        .verify(key.publicKey, Buffer.from(signature, 'base64url'));
    const said = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    if (signedBy(undelegated)) {
      return sendJson(response, 401, {
        error: 'unauthorized_client',
        error_description: 'Client is unauthorized to retrieve access tokens using this method.',
      });
    }
    const gmail = said.scope === 'https://www.googleapis.com/auth/gmail.readonly';
    if (
      !signedBy(good) ||
      (!gmail && said.scope !== 'https://www.googleapis.com/auth/drive.readonly')
    ) {
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'Invalid JWT Signature.',
      });
    }
    // A token is for its scope: Drive's does not read Gmail.
    const token = `${said.sub === 'noapi@acme.example' ? NO_API_TOKEN : GOOD_TOKEN}${gmail ? '.gmail' : ''}`;
    sendJson(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3599 });
  });
}

/** The admin's Gmail profile: only a token for Gmail's scope reads it. */
const gmailProfile: Route = (request, response) => {
  if (request.headers.authorization === `Bearer ${GOOD_TOKEN}.gmail`) {
    return sendJson(response, 200, { emailAddress: ADMIN, messagesTotal: 12 });
  }
  if (request.headers.authorization === `Bearer ${NO_API_TOKEN}.gmail`) {
    return sendJson(response, 403, { error: { code: 403, reason: 'accessNotConfigured' } });
  }
  sendJson(response, 401, { error: { code: 401 } });
};

let google: StandIn;
let nowhere: StandIn;
let server: TestServer;
let lost: TestServer;
beforeAll(async () => {
  google = await startStandIn({
    'POST /oauth2/v4/token': tokenEndpoint,
    'GET /gmail/v1/users/admin%40acme.example/profile': gmailProfile,
    'GET /gmail/v1/users/noapi%40acme.example/profile': gmailProfile,
    'GET /drive/v3/about': (request, response) => {
      if (request.headers.authorization === `Bearer ${GOOD_TOKEN}`) {
        return sendJson(response, 200, { user: { emailAddress: ADMIN } });
      }
      if (request.headers.authorization === `Bearer ${NO_API_TOKEN}`) {
        return sendJson(response, 403, { error: { code: 403, reason: 'accessNotConfigured' } });
      }
      sendJson(response, 401, { error: { code: 401 } });
    },
  });
  nowhere = await startStandIn({});
  server = await startTestServer({
    connectionTest: { limit: null, hosts: { google_drive: google.origin } },
  });
  lost = await startTestServer({
    connectionTest: { limit: null, hosts: { google_drive: nowhere.origin } },
  });
});
afterAll(async () => {
  await Promise.all([server.close(), lost.close()]);
  await Promise.all([google.close(), nowhere.close()]);
});

async function check(key: string, admin = ADMIN, on = server, source = 'google_drive') {
  const response = await api(on, 'POST', '/manage/admin/connector/test', {
    body: {
      source,
      connector_specific_config: source === 'google_drive' ? { include_shared_drives: true } : {},
      credential_json: { google_service_account_key: key, google_primary_admin: admin },
    },
  });
  expect(response.status, response.text).toBe(200);
  return connectionTestResultSchema.parse(response.json);
}

const outcomes = (result: Awaited<ReturnType<typeof check>>) =>
  result.checks.map((c) => [c.name, c.ok]);

describe('Google Drive', () => {
  it('a good key with delegation passes: signed in as the admin, Drive answers', async () => {
    const before = google.seen.length;
    const result = await check(keyFile(good.privateKey));
    expect(result.ok).toBe(true);
    expect(outcomes(result)).toEqual([
      ['Google sign-in', true],
      ['Google Drive', true],
    ]);
    // Only the fixed endpoint was asked, never the key file's token_uri; the key itself never went.
    expect(google.seen.slice(before).map((s) => `${s.method} ${s.url.split('?')[0]}`)).toEqual([
      'POST /oauth2/v4/token',
      'GET /drive/v3/about',
    ]);
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  });

  it('a deleted key fails the sign-in (invalid_grant) and Drive is not asked', async () => {
    const result = await check(keyFile(deleted.privateKey));
    expect(result.ok).toBe(false);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/invalid_grant.*make a new key/),
    });
    expect(result.checks[1]).toMatchObject({
      ok: null,
      message: expect.stringMatching(/^Not checked/),
    });
  });

  it('an account without domain-wide delegation is told where to grant it', async () => {
    const result = await check(keyFile(undelegated.privateKey));
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /unauthorized_client.*Domain-wide delegation.*drive\.readonly/,
      ),
    });
  });

  it('a Drive API not enabled is a 403 that says to enable it', async () => {
    const result = await check(keyFile(good.privateKey), 'noapi@acme.example');
    expect(outcomes(result)).toEqual([
      ['Google sign-in', true],
      ['Google Drive', false],
    ]);
    expect(result.checks[1]!.message).toMatch(
      /refused access \(403\): enable the Google Drive API/,
    );
  });

  it('a wrong address (nothing of Google there) fails in words', async () => {
    const result = await check(keyFile(good.privateKey), ADMIN, lost);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(/answered 404, not 200/);
  });

  it('a key file without its private key is refused before anything is sent', async () => {
    const before = google.seen.length;
    const result = await check(JSON.stringify({ type: 'service_account', client_email: ACCOUNT }));
    expect(result.checks).toEqual([
      {
        name: 'Google sign-in',
        ok: false,
        message: expect.stringMatching(/no client_email or private_key/),
      },
    ]);
    expect(google.seen.length).toBe(before);
  });
});

describe('Gmail', () => {
  const gmail = (key: string, admin = ADMIN, on = server) => check(key, admin, on, 'gmail');

  it("a good key with delegation passes: signed in as the admin (Gmail's read-only scope), the admin's profile read", async () => {
    const before = google.seen.length;
    const result = await gmail(keyFile(good.privateKey));
    expect(outcomes(result)).toEqual([
      ['Google sign-in', true],
      ['Gmail', true],
    ]);
    expect(result.checks[1]!.message).toBe(`Gmail answered for ${ADMIN} (200)`);
    expect(google.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /oauth2/v4/token',
      'GET /gmail/v1/users/admin%40acme.example/profile',
    ]);
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  });

  it('a deleted key fails the sign-in (invalid_grant, the 401 of Google) and Gmail is not asked', async () => {
    const result = await gmail(keyFile(deleted.privateKey));
    expect(result.checks[0]!.message).toMatch(/invalid_grant.*make a new key/);
    expect(result.checks[1]!.ok).toBeNull();
  });

  it('an account without delegation is told to grant the gmail.readonly scope', async () => {
    const result = await gmail(keyFile(undelegated.privateKey));
    expect(result.checks[0]!.message).toMatch(
      /unauthorized_client.*Domain-wide delegation.*gmail\.readonly/,
    );
  });

  it('a Gmail API not enabled is a 403 that says to enable it', async () => {
    const result = await gmail(keyFile(good.privateKey), 'noapi@acme.example');
    expect(result.checks[1]).toMatchObject({ name: 'Gmail', ok: false });
    expect(result.checks[1]!.message).toMatch(/refused access \(403\): enable the Gmail API/);
  });

  it('an admin with no mailbox there (404) says to check google_primary_admin', async () => {
    const result = await gmail(keyFile(good.privateKey), 'nomail@acme.example');
    expect(result.checks[1]!.message).toMatch(/\(404\): .*check google_primary_admin/);
  });
});
