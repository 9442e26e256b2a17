// How each DocumentSource reads to a person: a label and a short badge. One
// table for every page; `satisfies` makes the compiler refuse a source left out.
import type { DocumentSource } from '../api/contract';

export interface SourceLook {
  label: string;
  /** One or two letters for the badge beside the label. */
  initials: string;
}

const look = (label: string, initials?: string): SourceLook => ({
  label,
  initials:
    initials ??
    label
      .split(/[\s-]+/)
      .map((word) => word[0])
      .join('')
      .slice(0, 2)
      .toUpperCase(),
});

const SOURCES = {
  ingestion_api: look('Ingestion API', 'AP'),
  slack: look('Slack', 'SL'),
  web: look('Web', 'WB'),
  google_drive: look('Google Drive'),
  gmail: look('Gmail', 'GM'),
  requesttracker: look('Request Tracker'),
  github: look('GitHub', 'GH'),
  gitbook: look('GitBook', 'GB'),
  gitlab: look('GitLab', 'GL'),
  guru: look('Guru', 'GU'),
  bookstack: look('BookStack', 'BS'),
  outline: look('Outline', 'OU'),
  confluence: look('Confluence', 'CF'),
  jira: look('Jira', 'JI'),
  slab: look('Slab', 'SB'),
  productboard: look('Productboard', 'PB'),
  file: look('File upload', 'FI'),
  coda: look('Coda', 'CO'),
  notion: look('Notion', 'NO'),
  zulip: look('Zulip', 'ZU'),
  linear: look('Linear', 'LI'),
  hubspot: look('HubSpot', 'HS'),
  document360: look('Document360', 'D3'),
  gong: look('Gong', 'GO'),
  google_sites: look('Google Sites'),
  zendesk: look('Zendesk', 'ZD'),
  loopio: look('Loopio', 'LO'),
  dropbox: look('Dropbox', 'DB'),
  sharepoint: look('SharePoint', 'SP'),
  teams: look('Microsoft Teams', 'TM'),
  salesforce: look('Salesforce', 'SF'),
  discourse: look('Discourse', 'DC'),
  axero: look('Axero', 'AX'),
  clickup: look('ClickUp', 'CU'),
  mediawiki: look('MediaWiki', 'MW'),
  wikipedia: look('Wikipedia', 'WP'),
  asana: look('Asana', 'AS'),
  s3: look('Amazon S3', 'S3'),
  r2: look('Cloudflare R2', 'R2'),
  google_cloud_storage: look('Google Cloud Storage', 'GC'),
  oci_storage: look('OCI Object Storage', 'OC'),
  xenforo: look('XenForo', 'XF'),
  not_applicable: look('No source', '–'),
  discord: look('Discord', 'DI'),
  freshdesk: look('Freshdesk', 'FD'),
  fireflies: look('Fireflies', 'FF'),
  egnyte: look('Egnyte', 'EG'),
  airtable: look('Airtable', 'AT'),
  highspot: look('Highspot', 'HI'),
  drupal_wiki: look('Drupal Wiki'),
  imap: look('IMAP e-mail', 'IM'),
  bitbucket: look('Bitbucket', 'BB'),
  testrail: look('TestRail', 'TR'),
  mock_connector: look('Mock connector', 'MC'),
  user_file: look('User files', 'UF'),
} satisfies Record<DocumentSource, SourceLook>;

/** A source's look; a value the table does not know (a newer server) reads as itself. */
export function sourceLook(source: string): SourceLook {
  return (SOURCES as Record<string, SourceLook | undefined>)[source] ?? look(source);
}

export const sourceLabel = (source: string): string => sourceLook(source).label;

/** One of eight badge colours, the same for a source everywhere. */
export function sourceHue(source: string): number {
  let hash = 0;
  for (const character of source) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % 8;
}
