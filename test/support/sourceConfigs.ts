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
} satisfies Record<CatalogueSource, Record<string, unknown>>;

/** A valid config for any source: the catalogue's smallest, or an empty object. */
export const minimalConfig = (source: DocumentSource): Record<string, unknown> =>
  isCatalogueSource(source) ? { ...MINIMAL_CONFIGS[source] } : {};
