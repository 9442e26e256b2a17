// SharePoint with an app's client secret (Onyx's SharepointConnector,
// "client_secret"): Microsoft Entra's token endpoint gives the app a token for
// Microsoft Graph (client credentials), and Graph's root site says whether the
// app may read sites. Both requests only read. The secret goes only to the
// authority: the config's `authority_host` (an address D15 approves, like
// Jira's) or Microsoft's fixed one (hosts.ts); the token asked for is for the
// Graph host it is then sent to, so no other host could use it.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, segment, text, under, type SourceChecks } from './common';
import { failed, skipped } from './run';

/** Where the client secret is sent, when the config names it (trust.ts keeps it approved). */
export const SHAREPOINT_ADDRESS_KEY = 'authority_host';
const SIGN_IN = 'Microsoft sign-in';
const SITES = 'SharePoint sites';

/** Microsoft Entra's refusal (its OAuth `error`), in words with the fix. */
function tokenRefusal(status: number, json: unknown): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (error === 'invalid_client') {
    return 'Microsoft Entra refused the client secret (invalid_client): it is wrong or expired — make a new one under the app registration’s Certificates & secrets and save it in the credential';
  }
  if (error === 'unauthorized_client') {
    return 'Microsoft Entra does not know the app in this directory (unauthorized_client): check the application (client) ID, and that the app is registered in the directory named';
  }
  if (error === 'invalid_request' || status === 400) {
    return `Microsoft Entra refused the request (${status}${typeof error === 'string' ? `, ${error}` : ''}): check the directory (tenant) ID`;
  }
  if (status === 404) return 'Microsoft Entra has no such page (404): check the authority host';
  if (status === 429) return 'Microsoft Entra asked to slow down (429): try again in a minute';
  if (status >= 500)
    return `Microsoft Entra failed with a server error (${status}): try again later`;
  return `Microsoft Entra answered ${status}, not 200`;
}

function sitesRefusal(status: number): string {
  if (status === 401) return 'Microsoft Graph refused the app’s token (401): try again';
  if (status === 403) {
    return 'Microsoft Graph refused access to sites (403): give the app the Sites.Read.All application permission, with an administrator’s consent';
  }
  if (status === 404) return 'Microsoft Graph has no such page (404): check the Graph API host';
  if (status === 429) return 'Microsoft Graph asked to slow down (429): try again in a minute';
  if (status >= 500)
    return `Microsoft Graph failed with a server error (${status}): try again later`;
  return `Microsoft Graph answered ${status}, not 200`;
}

export const sharepointChecks: SourceChecks = async ({
  config,
  credential,
  hosts,
  run,
}): Promise<ConnectionCheck[]> => {
  const authority = baseAddress(
    text(config, SHAREPOINT_ADDRESS_KEY) ?? hosts.sharepoint,
    SHAREPOINT_ADDRESS_KEY,
  );
  const graph = baseAddress(
    text(config, 'graph_api_host') ?? hosts.microsoft_graph,
    'graph_api_host',
  );
  if (typeof authority === 'string') return [failed(SIGN_IN, authority)];
  if (typeof graph === 'string') return [failed(SIGN_IN, graph)];
  const values: Record<string, string> = {};
  for (const key of ['sp_client_id', 'sp_client_secret', 'sp_directory_id']) {
    const value = text(credential, key);
    if (!value) return [failed(SIGN_IN, `The credential has no ${key}`)];
    values[key] = value;
  }
  const tenant = segment(values.sp_directory_id!);
  if (tenant === null)
    return [failed(SIGN_IN, 'The directory (tenant) ID cannot be part of an address')];

  let accessToken: string | undefined;
  const signIn = await run.check(
    SIGN_IN,
    { service: 'Microsoft Entra', where: authority.host },
    async (call) => {
      const answer = await call({
        url: under(authority, `/${tenant}/oauth2/v2.0/token`),
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: values.sp_client_id!,
          client_secret: values.sp_client_secret!,
          scope: `${graph.origin}/.default`,
        }).toString(),
        json: true,
      });
      const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
      if (answer.status !== 200 || typeof token !== 'string') {
        return { ok: false, message: tokenRefusal(answer.status, answer.json) };
      }
      accessToken = token;
      return { ok: true, message: 'Microsoft Entra accepted the app’s client secret (200)' };
    },
  );
  if (signIn.ok !== true || !accessToken)
    return [signIn, skipped(SITES, 'the sign-in did not pass')];
  const token = accessToken;
  const sites = await run.check(
    SITES,
    { service: 'Microsoft Graph', where: graph.host },
    async (call) => {
      const answer = await call({
        url: under(graph, '/v1.0/sites/root'),
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        json: true,
      });
      if (answer.status !== 200) return { ok: false, message: sitesRefusal(answer.status) };
      return { ok: true, message: 'Microsoft Graph let the app read the root site (200)' };
    },
  );
  return [signIn, sites];
};
