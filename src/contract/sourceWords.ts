// How each DocumentSource reads to a person: its label and a one- or two-letter
// badge. The one home of a source's name: the panel (the list, the catalogue,
// the wizard) and the server (alerts, messages) both read it here. Zod-free, so
// the connectors list's path may carry it.
import type { DocumentSource } from './contract';

export interface SourceWords {
  label: string;
  /** One or two letters for the badge beside the label. */
  initials: string;
}

export const SOURCE_WORDS = {
  jira: { label: 'Jira', initials: 'JI' },
  confluence: { label: 'Confluence', initials: 'CF' },
  slack: { label: 'Slack', initials: 'SL' },
  github: { label: 'GitHub', initials: 'GH' },
  gitlab: { label: 'GitLab', initials: 'GL' },
  google_drive: { label: 'Google Drive', initials: 'GD' },
  sharepoint: { label: 'SharePoint', initials: 'SP' },
  zendesk: { label: 'Zendesk', initials: 'ZD' },
  salesforce: { label: 'Salesforce', initials: 'SF' },
  hubspot: { label: 'HubSpot', initials: 'HS' },
  gong: { label: 'Gong', initials: 'GO' },
  web: { label: 'Web', initials: 'WB' },
  gmail: { label: 'Gmail', initials: 'GM' },
  requesttracker: { label: 'Request Tracker', initials: 'RT' },
  gitbook: { label: 'GitBook', initials: 'GB' },
  guru: { label: 'Guru', initials: 'GU' },
  bookstack: { label: 'BookStack', initials: 'BS' },
  outline: { label: 'Outline', initials: 'OU' },
  slab: { label: 'Slab', initials: 'SB' },
  productboard: { label: 'Productboard', initials: 'PB' },
  file: { label: 'File', initials: 'FI' },
  coda: { label: 'Coda', initials: 'CO' },
  notion: { label: 'Notion', initials: 'NO' },
  zulip: { label: 'Zulip', initials: 'ZU' },
  linear: { label: 'Linear', initials: 'LI' },
  document360: { label: 'Document360', initials: 'D3' },
  google_sites: { label: 'Google Sites', initials: 'GS' },
  loopio: { label: 'Loopio', initials: 'LO' },
  dropbox: { label: 'Dropbox', initials: 'DB' },
  teams: { label: 'Microsoft Teams', initials: 'TM' },
  discourse: { label: 'Discourse', initials: 'DC' },
  axero: { label: 'Axero', initials: 'AX' },
  clickup: { label: 'ClickUp', initials: 'CU' },
  mediawiki: { label: 'MediaWiki', initials: 'MW' },
  wikipedia: { label: 'Wikipedia', initials: 'WP' },
  asana: { label: 'Asana', initials: 'AS' },
  s3: { label: 'Amazon S3', initials: 'S3' },
  r2: { label: 'Cloudflare R2', initials: 'R2' },
  google_cloud_storage: { label: 'Google Cloud Storage', initials: 'GC' },
  oci_storage: { label: 'OCI Object Storage', initials: 'OC' },
  xenforo: { label: 'XenForo', initials: 'XF' },
  discord: { label: 'Discord', initials: 'DI' },
  freshdesk: { label: 'Freshdesk', initials: 'FD' },
  fireflies: { label: 'Fireflies', initials: 'FF' },
  egnyte: { label: 'Egnyte', initials: 'EG' },
  airtable: { label: 'Airtable', initials: 'AT' },
  highspot: { label: 'Highspot', initials: 'HI' },
  drupal_wiki: { label: 'Drupal Wiki', initials: 'DW' },
  imap: { label: 'E-mail (IMAP)', initials: 'IM' },
  bitbucket: { label: 'Bitbucket', initials: 'BB' },
  testrail: { label: 'TestRail', initials: 'TR' },
  ingestion_api: { label: 'Ingestion API', initials: 'AP' },
  not_applicable: { label: 'No source', initials: '–' },
  mock_connector: { label: 'Mock connector', initials: 'MC' },
  user_file: { label: 'User files', initials: 'UF' },
} as const satisfies Record<DocumentSource, SourceWords>;

/** Initials made from a label, for a source a newer server knows and this table does not. */
const initialsOf = (label: string) =>
  label
    .split(/[\s_-]+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A source's words; a value the table does not know (a newer server) reads as itself. */
export function sourceWords(source: string): SourceWords {
  return Object.hasOwn(SOURCE_WORDS, source)
    ? SOURCE_WORDS[source as DocumentSource]
    : { label: source, initials: initialsOf(source) };
}

/** "Jira", "Google Drive": a source as a person names it. */
export const sourceLabel = (source: string): string => sourceWords(source).label;
