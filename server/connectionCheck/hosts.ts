// Where the sources with a fixed API host are reached. One setting,
// SOURCEDESK_SOURCE_API_HOSTS, points any of them elsewhere (a GitHub
// Enterprise server, a proxy, the tests' stand-ins); paths are appended as the
// real APIs spell them (`/user`, `/api/auth.test`, `/api/v2/users/me.json`, `/api/v4/user`).

const FIXED_HOST_SOURCES = [
  'github',
  'slack',
  'zendesk',
  'gitlab',
  'notion',
  'linear',
  'asana',
  'discord',
  'freshdesk',
  'hubspot',
  'gong',
  'dropbox',
  'airtable',
  'clickup',
  'coda',
  'gitbook',
  'bitbucket',
  'google_drive',
  'sharepoint',
  'microsoft_graph',
  'guru',
  'productboard',
  'fireflies',
  'document360',
  'wikipedia',
  'egnyte',
  'loopio',
  's3',
  'r2',
  'google_cloud_storage',
  'oci_storage',
  'slab',
] as const;
export type FixedHostSource = (typeof FIXED_HOST_SOURCES)[number];
export type SourceApiHosts = Record<FixedHostSource, string>;

/**
 * `{subdomain}` is the Zendesk, Freshdesk or Egnyte account's subdomain; GitLab's is
 * used when a credential names no server, Gong's when it names no region.
 */
export const DEFAULT_SOURCE_API_HOSTS: SourceApiHosts = {
  github: 'https://api.github.com',
  slack: 'https://slack.com',
  zendesk: 'https://{subdomain}.zendesk.com',
  gitlab: 'https://gitlab.com',
  notion: 'https://api.notion.com',
  linear: 'https://api.linear.app',
  asana: 'https://app.asana.com',
  discord: 'https://discord.com',
  freshdesk: 'https://{subdomain}.freshdesk.com',
  hubspot: 'https://api.hubapi.com',
  gong: 'https://api.gong.io',
  dropbox: 'https://api.dropboxapi.com',
  airtable: 'https://api.airtable.com',
  clickup: 'https://api.clickup.com',
  coda: 'https://coda.io',
  gitbook: 'https://api.gitbook.com',
  bitbucket: 'https://api.bitbucket.org',
  // Both the token endpoint (/oauth2/v4/token) and Drive's API (/drive/v3/…) answer here.
  google_drive: 'https://www.googleapis.com',
  // SharePoint's authority (Microsoft Entra's token endpoint), when its config names none.
  sharepoint: 'https://login.microsoftonline.com',
  // Microsoft Graph, when SharePoint's config names no graph_api_host.
  microsoft_graph: 'https://graph.microsoft.com',
  guru: 'https://api.getguru.com',
  productboard: 'https://api.productboard.com',
  fireflies: 'https://api.fireflies.ai',
  document360: 'https://apihub.document360.io',
  // `{subdomain}` is the language code (en, de …).
  wikipedia: 'https://{subdomain}.wikipedia.org',
  egnyte: 'https://{subdomain}.egnyte.com',
  // Loopio's one API host: its token endpoint and its data API.
  loopio: 'https://api.loopio.com',
  // The object stores, path-style (`/{bucket}?list-type=2`): `{subdomain}` is
  // S3's region, R2's account (with `.eu` for EU residency), OCI's namespace;
  // `{region}` OCI's region.
  s3: 'https://s3.{subdomain}.amazonaws.com',
  r2: 'https://{subdomain}.r2.cloudflarestorage.com',
  google_cloud_storage: 'https://storage.googleapis.com',
  oci_storage: 'https://{subdomain}.compat.objectstorage.{region}.oraclecloud.com',
  // Slab's one API host (GraphQL); the config's base_url is the team's site, for links.
  slab: 'https://api.slab.com',
};

/** Why a root cannot be used, or null: an http(s) address, no user, query or fragment. */
function rootProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  let url: URL;
  try {
    url = new URL(value.replace('{subdomain}', 'subdomain').replace('{region}', 'region'));
  } catch {
    return `"${value}" is not an address`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be http:// or https://';
  if (url.username || url.password) return 'must not hold a user name or password';
  if (url.search || url.hash) return 'must not have a query or fragment';
  return null;
}

/**
 * The setting's JSON object, checked: known sources only, each an http(s)
 * root. Returns the hosts (defaults for those not named) or the problems.
 */
export function parseSourceApiHosts(
  text: string,
): { hosts: SourceApiHosts } | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      problems: ['must be a JSON object such as {"github": "https://ghe.example.com/api/v3"}'],
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: ['must be a JSON object'] };
  }
  const problems: string[] = [];
  for (const [key, root] of Object.entries(value)) {
    if (!(FIXED_HOST_SOURCES as readonly string[]).includes(key)) {
      problems.push(`"${key}" is not one of ${FIXED_HOST_SOURCES.join(', ')}`);
      continue;
    }
    const problem = rootProblem(root);
    if (problem) problems.push(`${key} ${problem}`);
  }
  if (problems.length > 0) return { problems };
  const named = value as Partial<SourceApiHosts>;
  const hosts = { ...DEFAULT_SOURCE_API_HOSTS };
  for (const key of FIXED_HOST_SOURCES) {
    if (named[key]) hosts[key] = named[key].replace(/\/+$/, '');
  }
  return { hosts };
}
