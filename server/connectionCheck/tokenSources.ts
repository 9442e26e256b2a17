// The sources checked by one sign-in with a token at a fixed host (signIn.ts):
// each one's request that only reads who the token is (nothing is written),
// and where a missing permission is granted.
import type { DocumentSource } from '../../src/contract/contract';
import type { SourceChecks } from './common';
import { basic, bearer, signInChecks, type SignIn } from './signIn';

const graphQl = (query: string) => JSON.stringify({ query });
const hasData = (path: string[]) => (json: unknown) => {
  let value: unknown = json;
  for (const key of path) value = (value as Record<string, unknown> | null)?.[key];
  return value !== undefined && value !== null;
};

/** Onyx takes the whole address too: https://acme.freshdesk.com → acme. */
const freshdeskSubdomain = ({ freshdesk_domain }: Record<string, string>) =>
  freshdesk_domain!
    .replace(/^https?:\/\//i, '')
    .split('.freshdesk.com')[0]!
    .replace(/\/+$/, '');

/** Onyx takes the whole address too: https://acme.egnyte.com → acme. */
const egnyteSubdomain = ({ domain }: Record<string, string>) =>
  domain!
    .replace(/^https?:\/\//i, '')
    .split('.egnyte.com')[0]!
    .replace(/\/+$/, '');

const SIGN_INS: Partial<Record<DocumentSource, SignIn>> = {
  notion: {
    service: 'Notion',
    host: 'notion',
    keys: ['notion_integration_token'],
    request: (v) => ({
      path: '/v1/users/me',
      headers: { ...bearer(v.notion_integration_token!), 'notion-version': '2022-06-28' },
    }),
    token: 'integration token',
    grant:
      'give the integration the “Read user information” capability, and share the pages with it',
  },
  linear: {
    service: 'Linear',
    host: 'linear',
    keys: ['linear_api_key'],
    // Linear takes a personal API key as it is, without "Bearer".
    request: (v) => ({
      path: '/graphql',
      method: 'POST',
      headers: { authorization: v.linear_api_key!, 'content-type': 'application/json' },
      body: graphQl('{ viewer { id } }'),
    }),
    accepted: hasData(['data', 'viewer', 'id']),
    token: 'API key',
    grant: 'the key’s user needs access to the workspace’s teams',
  },
  asana: {
    service: 'Asana',
    host: 'asana',
    keys: ['asana_api_token_secret'],
    request: (v) => ({ path: '/api/1.0/users/me', headers: bearer(v.asana_api_token_secret!) }),
    token: 'personal access token',
    grant: 'the token’s user needs to be a member of the workspace',
  },
  discord: {
    service: 'Discord',
    host: 'discord',
    keys: ['discord_bot_token'],
    request: (v) => ({
      path: '/api/v10/users/@me',
      headers: { authorization: `Bot ${v.discord_bot_token!}` },
    }),
    token: 'bot token',
    grant: 'invite the bot to the servers with the “Read Message History” permission',
  },
  freshdesk: {
    service: 'Freshdesk',
    host: 'freshdesk',
    keys: ['freshdesk_domain', 'freshdesk_api_key'],
    subdomain: freshdeskSubdomain,
    request: (v) => ({ path: '/api/v2/agents/me', headers: basic(v.freshdesk_api_key!, 'X') }),
    token: 'API key',
    grant: 'the key’s agent needs a role that may view tickets',
  },
  hubspot: {
    service: 'HubSpot',
    host: 'hubspot',
    keys: ['hubspot_access_token'],
    request: (v) => ({
      path: '/account-info/v3/details',
      headers: bearer(v.hubspot_access_token!),
    }),
    token: 'access token',
    grant: 'give the private app the read scopes of the object types (crm.objects.contacts.read …)',
  },
  gong: {
    service: 'Gong',
    host: 'gong',
    keys: ['gong_access_key', 'gong_access_key_secret'],
    rootKey: 'gong_base_url',
    request: (v) => ({
      path: '/v2/workspaces',
      headers: basic(v.gong_access_key!, v.gong_access_key_secret!),
    }),
    token: 'access key and secret',
    grant: 'a Gong admin must give the key the api:workspaces:read and api:calls:read scopes',
  },
  dropbox: {
    service: 'Dropbox',
    host: 'dropbox',
    keys: ['dropbox_access_token'],
    request: (v) => ({
      path: '/2/users/get_current_account',
      method: 'POST',
      headers: { ...bearer(v.dropbox_access_token!), 'content-type': 'application/json' },
      body: 'null',
    }),
    token: 'access token',
    grant:
      'give the app the account_info.read and files.content.read scopes, then make a new token',
  },
  airtable: {
    service: 'Airtable',
    host: 'airtable',
    keys: ['airtable_access_token'],
    request: (v) => ({ path: '/v0/meta/whoami', headers: bearer(v.airtable_access_token!) }),
    token: 'personal access token',
    grant: 'give the token the data.records:read and schema.bases:read scopes and the bases',
  },
  clickup: {
    service: 'ClickUp',
    host: 'clickup',
    keys: ['clickup_api_token'],
    // ClickUp takes a personal token as it is, without "Bearer".
    request: (v) => ({ path: '/api/v2/user', headers: { authorization: v.clickup_api_token! } }),
    token: 'API token',
    grant: 'the token’s user needs access to the workspace',
  },
  coda: {
    service: 'Coda',
    host: 'coda',
    keys: ['coda_bearer_token'],
    request: (v) => ({ path: '/apis/v1/whoami', headers: bearer(v.coda_bearer_token!) }),
    token: 'API token',
    grant: 'make a token that may read the docs (not restricted to other docs)',
  },
  gitbook: {
    service: 'GitBook',
    host: 'gitbook',
    keys: ['gitbook_api_key'],
    request: (v) => ({ path: '/v1/user', headers: bearer(v.gitbook_api_key!) }),
    token: 'API token',
    grant: 'the token’s user needs read access to the space',
  },
  bitbucket: {
    service: 'Bitbucket',
    host: 'bitbucket',
    keys: ['bitbucket_email', 'bitbucket_api_token'],
    request: (v) => ({
      path: '/2.0/user',
      headers: basic(v.bitbucket_email!, v.bitbucket_api_token!),
    }),
    token: 'e-mail and API token',
    grant: 'give the API token the read:user and read:repository scopes',
  },
  guru: {
    service: 'Guru',
    host: 'guru',
    keys: ['guru_user', 'guru_user_token'],
    request: (v) => ({ path: '/api/v1/whoami', headers: basic(v.guru_user!, v.guru_user_token!) }),
    token: 'user token',
    grant: 'the token’s user needs read access to the collections',
  },
  productboard: {
    service: 'Productboard',
    host: 'productboard',
    keys: ['productboard_access_token'],
    // Productboard has no "who am I": one feature is read, as the indexing would.
    request: (v) => ({
      path: '/features?pageLimit=1',
      headers: { ...bearer(v.productboard_access_token!), 'x-version': '1' },
    }),
    token: 'access token',
    grant: 'make the token with a Maker or Admin role, which may read features',
  },
  fireflies: {
    service: 'Fireflies',
    host: 'fireflies',
    keys: ['fireflies_api_key'],
    // GraphQL: a refused key may still answer 200, with errors and no user.
    request: (v) => ({
      path: '/graphql',
      method: 'POST',
      headers: { ...bearer(v.fireflies_api_key!), 'content-type': 'application/json' },
      body: graphQl('{ user { user_id } }'),
    }),
    accepted: hasData(['data', 'user', 'user_id']),
    token: 'API key',
    grant: 'the key’s user needs access to the meetings’ transcripts',
  },
  document360: {
    service: 'Document360',
    host: 'document360',
    keys: ['document360_api_token'],
    request: (v) => ({
      path: '/v2/ProjectVersions',
      headers: { api_token: v.document360_api_token!, accept: 'application/json' },
    }),
    token: 'API token',
    grant: 'make the token with the Read permission in the project’s API settings',
  },
  egnyte: {
    service: 'Egnyte',
    host: 'egnyte',
    keys: ['domain', 'access_token'],
    subdomain: egnyteSubdomain,
    request: (v) => ({ path: '/pubapi/v1/userinfo', headers: bearer(v.access_token!) }),
    token: 'access token',
    grant:
      'the token’s user needs read access to the folder; make the token for the Egnyte Connect API',
  },
  slab: {
    service: 'Slab',
    host: 'slab',
    keys: ['slab_bot_token'],
    // Slab's GraphQL takes the bot token as it is, without "Bearer"; a refused one may answer 200 with errors.
    request: (v) => ({
      path: '/v1/graphql',
      method: 'POST',
      headers: { authorization: v.slab_bot_token!, 'content-type': 'application/json' },
      body: graphQl('{ organization { id } }'),
    }),
    accepted: hasData(['data', 'organization', 'id']),
    token: 'bot token',
    grant:
      'make the token under Team settings › Developer (an admin’s), which reads every public topic',
  },
  // Self-hosted or per-customer servers, named by the credential itself.
  requesttracker: {
    service: 'Request Tracker',
    keys: ['requesttracker_username', 'requesttracker_password'],
    rootKey: 'requesttracker_base_url',
    // REST 2.0's "about this RT": it takes the user name and password as Basic, and only reads.
    request: (v) => ({
      path: '/REST/2.0/rt',
      headers: basic(v.requesttracker_username!, v.requesttracker_password!),
    }),
    token: 'user name and password',
    grant: 'give the user the ShowTicket right on the queues (and the REST 2.0 API to its group)',
    words: {
      404: 'has no REST 2.0 API at this address (404): check requesttracker_base_url (the RT site, without /REST) — RT 4.4 needs the RT::Extension::REST2 plugin',
    },
  },
  axero: {
    service: 'Axero',
    keys: ['axero_api_token'],
    rootKey: 'base_url',
    // One page of content, as the indexing reads it.
    request: (v) => ({
      path: '/api/content/list?EntityType=3&StartPage=1&PageSize=1',
      headers: { 'rest-api-key': v.axero_api_token! },
    }),
    token: 'REST API key',
    grant: 'make the key for a user who may read the spaces',
  },
  // Servers named by the connector's settings: D15 approves the address (checks.ts).
  discourse: {
    service: 'Discourse',
    keys: ['discourse_api_key', 'discourse_api_username'],
    configKey: 'base_url',
    request: (v) => ({
      path: '/categories.json',
      headers: { 'api-key': v.discourse_api_key!, 'api-username': v.discourse_api_username! },
    }),
    token: 'API key',
    grant: 'make a global key (or one scoped to read topics and categories) in Admin › API',
    // Discourse answers a key or user name it does not know with 403 (invalid_access).
    words: {
      403: 'refused the API key or its user name (403): the key is wrong or revoked, or discourse_api_username is not its user — make a new key in Admin › API and save it in the credential',
    },
  },
  drupal_wiki: {
    service: 'Drupal Wiki',
    keys: ['drupal_wiki_api_token'],
    configKey: 'base_url',
    request: (v) => ({
      path: '/api/rest/scope/api/space?page=0&size=1',
      headers: bearer(v.drupal_wiki_api_token!),
    }),
    token: 'personal access token',
    grant: 'the token’s user needs read access to the spaces',
  },
  bookstack: {
    service: 'BookStack',
    keys: ['bookstack_api_token_id', 'bookstack_api_token_secret'],
    rootKey: 'bookstack_base_url',
    request: (v) => ({
      path: '/api/books?count=1',
      headers: {
        authorization: `Token ${v.bookstack_api_token_id!}:${v.bookstack_api_token_secret!}`,
      },
    }),
    token: 'API token',
    grant:
      'give the token’s user a role with the “Access system API” permission and read access to the books',
  },
  outline: {
    service: 'Outline',
    keys: ['outline_api_token'],
    rootKey: 'outline_base_url',
    request: (v) => ({
      path: '/api/auth.info',
      method: 'POST',
      headers: { ...bearer(v.outline_api_token!), 'content-type': 'application/json' },
      body: '{}',
    }),
    token: 'API key',
    grant: 'the key’s user needs read access to the collections',
  },
  testrail: {
    service: 'TestRail',
    keys: ['testrail_username', 'testrail_api_key'],
    rootKey: 'testrail_base_url',
    request: (v) => ({
      path: '/index.php?/api/v2/get_current_user',
      headers: basic(v.testrail_username!, v.testrail_api_key!),
    }),
    token: 'API key',
    grant: 'an administrator enables the API under Administration → Site Settings → API',
  },
  highspot: {
    service: 'Highspot',
    keys: ['highspot_key', 'highspot_secret'],
    rootKey: 'highspot_url',
    request: (v) => ({ path: '/me', headers: basic(v.highspot_key!, v.highspot_secret!) }),
    token: 'API key and secret',
    grant: 'make the key with a role that may read the spots',
  },
};

export const TOKEN_SOURCE_CHECKS: Partial<Record<DocumentSource, SourceChecks>> =
  Object.fromEntries(
    Object.entries(SIGN_INS).map(([source, spec]) => [source, signInChecks(spec)]),
  );
