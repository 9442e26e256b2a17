// Google Drive and Gmail with a service account (Onyx's GoogleDriveConnector,
// its "uploaded" key, and GmailConnector): the account signs a token request as
// the primary admin (domain-wide delegation, the source's read-only scope),
// Google answers an access token, and one read says who it is (Drive's
// `about`, Gmail's profile of the admin's mailbox). Both requests only read.
// The key never leaves the server: only the assertion it signs goes to
// Google's fixed token endpoint (hosts.ts `google_drive`, which serves both
// APIs too), never to the key file's own `token_uri`.
import { createSign } from 'node:crypto';
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { text, type SourceChecks } from './common';
import { failed, skipped } from './run';

export const DRIVE_READ_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
const TOKEN_PATH = '/oauth2/v4/token';
const SIGN_IN = 'Google sign-in';

/** One Google API: its scope and its one read for the admin. */
interface GoogleApi {
  name: string;
  scope: string;
  path: (admin: string) => string;
  /** The API to enable in the service account's project (a 403). */
  enable: string;
}

interface ServiceAccount {
  client_email: string;
  private_key: string;
}

function serviceAccount(text: string | undefined): ServiceAccount | string {
  if (!text) return 'The credential has no google_service_account_key';
  let key: Partial<Record<string, unknown>>;
  try {
    key = JSON.parse(text) as Partial<Record<string, unknown>>;
  } catch {
    return 'The service account key is not JSON: upload the key file Google made';
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    return 'The service account key has no client_email or private_key: upload the whole key file';
  }
  return { client_email: key.client_email, private_key: key.private_key };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed JWT of RFC 7523 that Google's token endpoint takes for a service account. */
function assertion(
  account: ServiceAccount,
  admin: string,
  audience: string,
  scope: string,
): string | null {
  const now = Math.floor(Date.now() / 1000);
  const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      sub: admin,
      scope,
      aud: audience,
      iat: now,
      exp: now + 600,
    }),
  );
  try {
    const signature = createSign('RSA-SHA256')
      .update(`${head}.${claims}`)
      .sign(account.private_key);
    return `${head}.${claims}.${base64url(signature)}`;
  } catch {
    return null;
  }
}

/** Google's token endpoint's refusal (its OAuth `error`), in words with the fix. */
function tokenRefusal(status: number, json: unknown, scope: string): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (error === 'unauthorized_client') {
    return `Google refused to let the service account act for the primary admin (unauthorized_client): in the Google Admin console, under Security › API controls › Domain-wide delegation, add the account’s client ID with the scope ${scope}`;
  }
  if (error === 'invalid_grant') {
    return 'Google refused the service account’s key or the primary admin (invalid_grant): the key was deleted or the admin’s address is not a user of the domain — make a new key, or check the primary admin e-mail';
  }
  if (status === 401 || error === 'invalid_client') {
    return `Google does not know the service account (${status}): it was deleted or disabled — make a new key for an active account`;
  }
  if (status === 429) return 'Google asked to slow down (429): try again in a minute';
  if (status >= 500) return `Google failed with a server error (${status}): try again later`;
  return `Google's token endpoint answered ${status}, not 200`;
}

function apiRefusal(status: number, { name, enable }: GoogleApi): string {
  if (status === 401) return `${name} refused the access token (401): try again`;
  if (status === 403) {
    return `${name} refused access (403): enable the ${enable} in the service account’s Google Cloud project`;
  }
  if (status === 404) {
    return `${name} has no such page (404): the primary admin has no mailbox or drive there — check google_primary_admin`;
  }
  if (status === 429) return `${name} asked to slow down (429): try again in a minute`;
  if (status >= 500) return `${name} failed with a server error (${status}): try again later`;
  return `${name} answered ${status}, not 200`;
}

const googleChecks =
  (google: GoogleApi): SourceChecks =>
  async ({ credential, hosts, run }): Promise<ConnectionCheck[]> => {
    const account = serviceAccount(text(credential, 'google_service_account_key'));
    if (typeof account === 'string') return [failed(SIGN_IN, account)];
    const admin = text(credential, 'google_primary_admin');
    if (!admin) return [failed(SIGN_IN, 'The credential has no google_primary_admin')];
    const root = hosts.google_drive;
    const tokenUrl = new URL(`${root}${TOKEN_PATH}`);
    const signed = assertion(account, admin, tokenUrl.href, google.scope);
    if (!signed) {
      return [failed(SIGN_IN, 'The service account key’s private_key is not a usable RSA key')];
    }
    const target = { service: 'Google', where: tokenUrl.host };
    let accessToken: string | undefined;
    const signIn = await run.check(SIGN_IN, target, async (call) => {
      const answer = await call({
        url: tokenUrl,
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signed,
        }).toString(),
        json: true,
      });
      const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
      if (answer.status !== 200 || typeof token !== 'string') {
        return { ok: false, message: tokenRefusal(answer.status, answer.json, google.scope) };
      }
      accessToken = token;
      return { ok: true, message: `Google signed in the service account as ${admin} (200)` };
    });
    const { name } = google;
    if (signIn.ok !== true || !accessToken) {
      return [signIn, skipped(name, 'the sign-in did not pass')];
    }
    const token = accessToken;
    const read = await run.check(name, { service: name, where: tokenUrl.host }, async (call) => {
      const answer = await call({
        url: new URL(`${root}${google.path(admin)}`),
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        json: true,
      });
      if (answer.status !== 200) return { ok: false, message: apiRefusal(answer.status, google) };
      return { ok: true, message: `${name} answered for ${admin} (200)` };
    });
    return [signIn, read];
  };

export const googleDriveChecks = googleChecks({
  name: 'Google Drive',
  scope: DRIVE_READ_SCOPE,
  path: () => '/drive/v3/about?fields=user',
  enable: 'Google Drive API',
});

/** Gmail: the admin's own mailbox profile (its address and message count), nothing of a message. */
export const gmailChecks = googleChecks({
  name: 'Gmail',
  scope: GMAIL_READ_SCOPE,
  path: (admin) => `/gmail/v1/users/${encodeURIComponent(admin)}/profile`,
  enable: 'Gmail API',
});
