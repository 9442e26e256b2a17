// Loopio with an API client (Onyx's LoopioConnector): OAuth client credentials
// at Loopio's fixed token endpoint (hosts.ts `loopio`, /oauth2/access_token)
// for the `library:read` scope, then one library entry read with that token,
// as the indexing reads them. Both requests only read; the client secret goes
// only to the token endpoint.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { clientCredentialsToken } from './clientCredentials';
import { text, type SourceChecks } from './common';
import { failed, skipped } from './run';

const SIGN_IN = 'Loopio sign-in';
const LIBRARY = 'Loopio library';
export const LOOPIO_SCOPE = 'library:read';

/** The token endpoint's refusal (its OAuth `error`), in words with the fix. */
function tokenRefusal(status: number, json: unknown): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (error === 'invalid_client' || status === 401) {
    return `Loopio refused the client ID or secret (${status}${typeof error === 'string' ? `, ${error}` : ''}): they are wrong or the API client was deleted — make a new one under Admin › Integrations › Loopio API and save it in the credential`;
  }
  if (error === 'invalid_scope' || status === 403) {
    return `Loopio refused the ${LOOPIO_SCOPE} scope (${status}): give the API client the ${LOOPIO_SCOPE} scope (a Loopio admin sets scopes when making the client)`;
  }
  if (status === 404) return 'Loopio has no such page (404): the token address is wrong';
  if (status === 429) return 'Loopio asked to slow down (429): try again in a minute';
  if (status >= 500) return `Loopio failed with a server error (${status}): try again later`;
  return `Loopio's token endpoint answered ${status}, not 200`;
}

function libraryRefusal(status: number): string {
  if (status === 401) return 'Loopio refused the token it gave (401): try again';
  if (status === 403) {
    return `Loopio refused to let the API client read the library (403): give it the ${LOOPIO_SCOPE} scope`;
  }
  if (status === 404) return 'Loopio has no such page (404): the API address is wrong';
  if (status === 429) return 'Loopio asked to slow down (429): try again in a minute';
  if (status >= 500) return `Loopio failed with a server error (${status}): try again later`;
  return `Loopio answered ${status}, not 200`;
}

export const loopioChecks: SourceChecks = async ({
  credential,
  hosts,
  run,
}): Promise<ConnectionCheck[]> => {
  const id = text(credential, 'loopio_client_id');
  const secret = text(credential, 'loopio_client_token');
  if (!id || !secret) {
    return [failed(SIGN_IN, 'The credential needs loopio_client_id and loopio_client_token')];
  }
  const root = hosts.loopio;
  const target = { service: 'Loopio', where: new URL(root).host };
  let accessToken: string | undefined;
  const signIn = await run.check(SIGN_IN, target, async (call) => {
    const answer = await clientCredentialsToken(call, {
      token: new URL(`${root}/oauth2/access_token`),
      clientId: id,
      clientSecret: secret,
      scope: LOOPIO_SCOPE,
      refusal: tokenRefusal,
    });
    if (!answer.ok) return answer;
    accessToken = answer.token;
    return { ok: true, message: 'Loopio accepted the API client (200)' };
  });
  if (signIn.ok !== true || !accessToken) {
    return [signIn, skipped(LIBRARY, 'the sign-in did not pass')];
  }
  const token = accessToken;
  const library = await run.check(LIBRARY, target, async (call) => {
    const answer = await call({
      url: new URL(`${root}/data/v2/libraryEntries?pageSize=1`),
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      json: true,
    });
    if (answer.status !== 200) return { ok: false, message: libraryRefusal(answer.status) };
    return { ok: true, message: 'Loopio let the API client read the library (200)' };
  });
  return [signIn, library];
};
