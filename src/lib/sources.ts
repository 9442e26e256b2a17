// How each DocumentSource reads to a person: a label and a short badge. A
// catalogue source says it in its own file (src/sources/), which the build
// reads into a table of its words (scripts/sourceLabels.ts: the list's path
// carries that table, not the sources' forms); this table holds the others,
// and `satisfies` makes the compiler refuse a source left out of both.
import CATALOGUE_WORDS from 'virtual:source-labels';
import type { DocumentSource } from '../contract/contract';
import type { CatalogueSource } from '../contract/sources/catalogue';

/** A catalogue source's words: its label, badge and credential keys' labels (undefined for another source). */
export const catalogueWords = (source: string) =>
  Object.hasOwn(CATALOGUE_WORDS, source) ? CATALOGUE_WORDS[source] : undefined;

interface SourceLook {
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
  gmail: look('Gmail', 'GM'),
  requesttracker: look('Request Tracker'),
  gitbook: look('GitBook', 'GB'),
  guru: look('Guru', 'GU'),
  bookstack: look('BookStack', 'BS'),
  outline: look('Outline', 'OU'),
  slab: look('Slab', 'SB'),
  productboard: look('Productboard', 'PB'),
  file: look('File upload', 'FI'),
  coda: look('Coda', 'CO'),
  notion: look('Notion', 'NO'),
  zulip: look('Zulip', 'ZU'),
  linear: look('Linear', 'LI'),
  document360: look('Document360', 'D3'),
  google_sites: look('Google Sites'),
  loopio: look('Loopio', 'LO'),
  dropbox: look('Dropbox', 'DB'),
  teams: look('Microsoft Teams', 'TM'),
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
} satisfies Record<Exclude<DocumentSource, CatalogueSource>, SourceLook>;

/** A source's look; a value the table does not know (a newer server) reads as itself. */
export function sourceLook(source: string): SourceLook {
  const words = catalogueWords(source);
  if (words) return { label: words.label, initials: words.initials };
  return (SOURCES as Record<string, SourceLook | undefined>)[source] ?? look(source);
}

export const sourceLabel = (source: string): string => sourceLook(source).label;

/** One of eight badge colours, the same for a source everywhere. */
export function sourceHue(source: string): number {
  let hash = 0;
  for (const character of source) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % 8;
}
