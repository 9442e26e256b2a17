// The sources' marks, from simple-icons (CC0; each brand's own guidelines
// allow a mark to name its product, as here beside the product's name). A
// source without a mark there, or whose mark would name another product
// (Drupal Wiki is not Drupal's), keeps its initials. Loaded on its own, after
// the connectors list's first rows (src/components/sourceLogo.ts).
import {
  siAirtable,
  siAsana,
  siBitbucket,
  siBookstack,
  siClickup,
  siCloudflare,
  siCoda,
  siConfluence,
  siDiscord,
  siDiscourse,
  siDropbox,
  siEgnyte,
  siGitbook,
  siGithub,
  siGitlab,
  siGmail,
  siGooglecloudstorage,
  siGoogledrive,
  siHubspot,
  siJira,
  siLinear,
  siNotion,
  siOutline,
  siTestrail,
  siWikipedia,
  siZendesk,
  siZulip,
} from 'simple-icons';
import type { CatalogueSource } from '../contract/sources/catalogue';

export interface Logo {
  /** The mark's SVG path on a 24 × 24 box. */
  path: string;
  /** The brand's colour, without the #. */
  hex: string;
}

const mark = ({ path, hex }: Logo): Logo => ({ path, hex });

export const LOGOS: Partial<Record<CatalogueSource, Logo>> = {
  airtable: mark(siAirtable),
  asana: mark(siAsana),
  bitbucket: mark(siBitbucket),
  bookstack: mark(siBookstack),
  clickup: mark(siClickup),
  // R2 is Cloudflare's store, named by Cloudflare's mark.
  r2: mark(siCloudflare),
  coda: mark(siCoda),
  confluence: mark(siConfluence),
  discord: mark(siDiscord),
  discourse: mark(siDiscourse),
  dropbox: mark(siDropbox),
  egnyte: mark(siEgnyte),
  gitbook: mark(siGitbook),
  github: mark(siGithub),
  gitlab: mark(siGitlab),
  gmail: mark(siGmail),
  google_cloud_storage: mark(siGooglecloudstorage),
  google_drive: mark(siGoogledrive),
  hubspot: mark(siHubspot),
  jira: mark(siJira),
  linear: mark(siLinear),
  notion: mark(siNotion),
  outline: mark(siOutline),
  testrail: mark(siTestrail),
  wikipedia: mark(siWikipedia),
  zendesk: mark(siZendesk),
  zulip: mark(siZulip),
};
