// SharePoint and Teams with an app's client secret (Onyx's SharepointConnector,
// "client_secret", and TeamsConnector): Microsoft Entra's token endpoint gives
// the app a token for Microsoft Graph (client credentials), and one Graph read
// says whether the app may read what the connector reads (SharePoint's root
// site, one team). Both requests only read. The secret goes only to the
// authority: the config's `authority_host` (an address D15 approves, like
// Jira's) or Microsoft's fixed one (hosts.ts `sharepoint`); the token asked for
// is for the Graph host it is then sent to, so no other host could use it.
import { clientCredentialsToken } from './clientCredentials';
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, segment, text, under, type SourceChecks } from './common';
import { failed, skipped } from './run';

/** Where the client secret is sent, when the config names it (trust.ts keeps it approved). */
export const SHAREPOINT_ADDRESS_KEY = 'authority_host';
const SIGN_IN = 'Microsoft sign-in';

/** An app of one source: its credential keys and its one Graph read. */
interface EntraApp {
  keys: { id: string; secret: string; directory: string };
  read: { name: string; path: string; passed: string; permission: string };
}

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

function graphRefusal(status: number, { name, permission }: EntraApp['read']): string {
  if (status === 401) return 'Microsoft Graph refused the app’s token (401): try again';
  if (status === 403) {
    return `Microsoft Graph refused access to ${name} (403): give the app the ${permission} application permission, with an administrator’s consent`;
  }
  if (status === 404) return 'Microsoft Graph has no such page (404): check the Graph API host';
  if (status === 429) return 'Microsoft Graph asked to slow down (429): try again in a minute';
  if (status >= 500)
    return `Microsoft Graph failed with a server error (${status}): try again later`;
  return `Microsoft Graph answered ${status}, not 200`;
}

const entraChecks =
  ({ keys, read }: EntraApp): SourceChecks =>
  async ({ config, credential, hosts, run }): Promise<ConnectionCheck[]> => {
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
    for (const key of [keys.id, keys.secret, keys.directory]) {
      const value = text(credential, key);
      if (!value) return [failed(SIGN_IN, `The credential has no ${key}`)];
      values[key] = value;
    }
    const tenant = segment(values[keys.directory]!);
    if (tenant === null)
      return [failed(SIGN_IN, 'The directory (tenant) ID cannot be part of an address')];

    let accessToken: string | undefined;
    const signIn = await run.check(
      SIGN_IN,
      { service: 'Microsoft Entra', where: authority.host },
      async (call) => {
        const answer = await clientCredentialsToken(call, {
          token: under(authority, `/${tenant}/oauth2/v2.0/token`),
          clientId: values[keys.id]!,
          clientSecret: values[keys.secret]!,
          scope: `${graph.origin}/.default`,
          refusal: tokenRefusal,
        });
        if (!answer.ok) return answer;
        accessToken = answer.token;
        return { ok: true, message: 'Microsoft Entra accepted the app’s client secret (200)' };
      },
    );
    if (signIn.ok !== true || !accessToken)
      return [signIn, skipped(read.name, 'the sign-in did not pass')];
    const token = accessToken;
    const graphRead = await run.check(
      read.name,
      { service: 'Microsoft Graph', where: graph.host },
      async (call) => {
        const answer = await call({
          url: under(graph, read.path),
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          json: true,
        });
        if (answer.status !== 200) return { ok: false, message: graphRefusal(answer.status, read) };
        return { ok: true, message: `Microsoft Graph let the app read ${read.passed} (200)` };
      },
    );
    return [signIn, graphRead];
  };

export const sharepointChecks = entraChecks({
  keys: { id: 'sp_client_id', secret: 'sp_client_secret', directory: 'sp_directory_id' },
  read: {
    name: 'SharePoint sites',
    path: '/v1.0/sites/root',
    passed: 'the root site',
    permission: 'Sites.Read.All',
  },
});

/** Teams: the same sign-in, then one team, as the indexing lists them. */
export const teamsChecks = entraChecks({
  keys: { id: 'teams_client_id', secret: 'teams_client_secret', directory: 'teams_directory_id' },
  read: {
    name: 'Microsoft Teams',
    path: '/v1.0/teams?$top=1',
    passed: 'the teams',
    permission: 'Team.ReadBasic.All (and ChannelMessage.Read.All to index messages)',
  },
});
