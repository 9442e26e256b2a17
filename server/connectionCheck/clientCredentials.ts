// OAuth 2 client credentials (RFC 6749 §4.4), as the connection checks ask for
// a token: the form posted to the token endpoint, and the access token out of
// its answer, or the endpoint's refusal in the source's own words.
import type { Call } from './run';

export interface ClientCredentials {
  token: URL;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** The endpoint's refusal (its status and OAuth `error`), in words with the fix. */
  refusal: (status: number, json: unknown) => string;
}

export async function clientCredentialsToken(
  call: Call,
  ask: ClientCredentials,
): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const answer = await call({
    url: ask.token,
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: ask.clientId,
      client_secret: ask.clientSecret,
      scope: ask.scope,
    }).toString(),
    json: true,
  });
  const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
  return answer.status === 200 && typeof token === 'string'
    ? { ok: true, token }
    : { ok: false, message: ask.refusal(answer.status, answer.json) };
}
