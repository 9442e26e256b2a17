// The smallest config each catalogue source takes (its required keys, Onyx's
// names), for tests that need a valid connector of that source. Sources outside
// the catalogue take any object (D4).
import type { DocumentSource } from '../../src/contract/contract';
import { isCatalogueSource, type CatalogueSource } from '../../src/contract/sources/catalogue';

export const MINIMAL_CONFIGS = {
  jira: { jira_base_url: 'https://acme.atlassian.net' },
  confluence: { is_cloud: true, wiki_base: 'https://acme.atlassian.net/wiki' },
  slack: {},
  github: { repo_owner: 'acme' },
  gitlab: { project_owner: 'acme', project_name: 'handbook' },
  google_drive: { include_shared_drives: true },
  sharepoint: {},
  zendesk: {},
  salesforce: {},
  hubspot: {},
  gong: {},
  web: { base_url: 'https://docs.acme.example' },
  gmail: {},
  requesttracker: {},
  gitbook: { space_id: '8JkzVx8QCIGRrmxhGHU8' },
  guru: {},
  bookstack: {},
  outline: {},
  slab: { base_url: 'https://acme.slab.com/' },
  productboard: {},
  file: {},
  coda: {},
  notion: {},
  zulip: { realm_name: 'acme', realm_url: 'https://acme.zulipchat.com' },
  linear: {},
  document360: { workspace: 'help' },
  google_sites: {
    file_locations: ['site.zip'],
    base_url: 'https://sites.google.com/acme.example/handbook',
  },
  loopio: {},
  dropbox: {},
  teams: {},
  discourse: { base_url: 'https://forum.acme.example' },
  axero: {},
  clickup: { connector_type: 'workspace' },
  mediawiki: { language_code: 'en', hostname: 'https://wiki.acme.example' },
  wikipedia: { language_code: 'en', recurse_depth: 0 },
  asana: { asana_workspace_id: '1234567890123456' },
  s3: { bucket_name: 'acme-docs' },
  r2: { bucket_name: 'acme-docs' },
  google_cloud_storage: { bucket_name: 'acme-docs' },
  oci_storage: { bucket_name: 'acme-docs' },
  xenforo: { base_url: 'https://forum.acme.example/forums/support.4/' },
  discord: {},
  freshdesk: {},
  fireflies: {},
  egnyte: {},
  airtable: {},
  highspot: {},
  drupal_wiki: { base_url: 'https://help.drupal-wiki.com' },
  imap: { host: 'imap.acme.example' },
  bitbucket: { workspace: 'acme' },
  testrail: {},
} satisfies Record<CatalogueSource, Record<string, unknown>>;

/** A valid config for any source: the catalogue's smallest, or an empty object. */
export const minimalConfig = (source: DocumentSource): Record<string, unknown> =>
  isCatalogueSource(source) ? { ...MINIMAL_CONFIGS[source] } : {};
