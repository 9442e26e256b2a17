// The panel's half of the catalogue: every source Sourcedesk knows by name,
// one file each beside this one. `satisfies` keeps it in step with the
// contract's catalogue (src/contract/sources/catalogue.ts): a source in one and not
// the other does not compile (and a test says so too).
import type { CatalogueSource } from '../contract/sources/catalogue';
import { airtable } from './airtable';
import { asana } from './asana';
import { axero } from './axero';
import { bitbucket } from './bitbucket';
import { bookstack } from './bookstack';
import { clickup } from './clickup';
import { coda } from './coda';
import { confluence } from './confluence';
import { discord } from './discord';
import { discourse } from './discourse';
import { document360 } from './document360';
import { dropbox } from './dropbox';
import { drupal_wiki } from './drupal_wiki';
import { egnyte } from './egnyte';
import { file } from './file';
import { fireflies } from './fireflies';
import { freshdesk } from './freshdesk';
import { gitbook } from './gitbook';
import { github } from './github';
import { gitlab } from './gitlab';
import { gmail } from './gmail';
import { gong } from './gong';
import { google_cloud_storage } from './google_cloud_storage';
import { google_drive } from './google_drive';
import { google_sites } from './google_sites';
import { guru } from './guru';
import { highspot } from './highspot';
import { hubspot } from './hubspot';
import { imap } from './imap';
import { jira } from './jira';
import { linear } from './linear';
import { loopio } from './loopio';
import { mediawiki } from './mediawiki';
import { notion } from './notion';
import { oci_storage } from './oci_storage';
import { outline } from './outline';
import { productboard } from './productboard';
import { r2 } from './r2';
import { requesttracker } from './requesttracker';
import { s3 } from './s3';
import { salesforce } from './salesforce';
import { sharepoint } from './sharepoint';
import { slab } from './slab';
import { slack } from './slack';
import { teams } from './teams';
import { testrail } from './testrail';
import { web } from './web';
import { wikipedia } from './wikipedia';
import { xenforo } from './xenforo';
import { zendesk } from './zendesk';
import { zulip } from './zulip';
import { CATEGORIES, type SourcePanel } from './types';

export const SOURCE_PANELS = {
  jira,
  confluence,
  slack,
  github,
  gitlab,
  google_drive,
  sharepoint,
  zendesk,
  salesforce,
  hubspot,
  gong,
  web,
  gmail,
  requesttracker,
  gitbook,
  guru,
  bookstack,
  outline,
  slab,
  productboard,
  file,
  coda,
  notion,
  zulip,
  linear,
  document360,
  google_sites,
  loopio,
  dropbox,
  teams,
  discourse,
  axero,
  clickup,
  mediawiki,
  wikipedia,
  asana,
  s3,
  r2,
  google_cloud_storage,
  oci_storage,
  xenforo,
  discord,
  freshdesk,
  fireflies,
  egnyte,
  airtable,
  highspot,
  drupal_wiki,
  imap,
  bitbucket,
  testrail,
} satisfies Record<CatalogueSource, SourcePanel>;

/** A catalogue source's panel, or undefined for a source outside the catalogue. */
export const panelOf = (source: string): SourcePanel | undefined =>
  Object.hasOwn(SOURCE_PANELS, source) ? SOURCE_PANELS[source as CatalogueSource] : undefined;

/** The catalogue in the order it is offered: the popular sources, then by category, by label within each. */
export function catalogueOrder(): [CatalogueSource, SourcePanel][] {
  const rank = ([, panel]: [string, SourcePanel]) =>
    (panel.popular ? 0 : 100) + CATEGORIES.indexOf(panel.category);
  return (Object.entries(SOURCE_PANELS) as [CatalogueSource, SourcePanel][]).sort(
    (a, b) => rank(a) - rank(b) || a[1].label.localeCompare(b[1].label),
  );
}
