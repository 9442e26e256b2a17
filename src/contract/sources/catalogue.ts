// The sources Sourcedesk knows by name: each one's contract lives in its own
// file beside this one; this record lists them all. A source outside it keeps
// D4's rule (any JSON object as config, any flat object of strings as credential).
import * as z from 'zod/mini';
import type { DocumentSource } from '../contract';
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
import type { SourceContract } from './types';

export const SOURCE_CONTRACTS = {
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
} satisfies Partial<Record<DocumentSource, SourceContract>>;

export type CatalogueSource = keyof typeof SOURCE_CONTRACTS;
export const CATALOGUE_SOURCES = Object.keys(SOURCE_CONTRACTS) as CatalogueSource[];

export const isCatalogueSource = (source: unknown): source is CatalogueSource =>
  typeof source === 'string' && Object.hasOwn(SOURCE_CONTRACTS, source);

const contractOf = (source: unknown): SourceContract | undefined =>
  isCatalogueSource(source) ? SOURCE_CONTRACTS[source] : undefined;

/** The problems of a config for its source (paths inside the config); none outside the catalogue. */
export function configProblems(
  source: unknown,
  config: Record<string, unknown>,
): z.core.$ZodIssue[] {
  const result = contractOf(source)?.config.safeParse(config);
  return result && !result.success ? result.error.issues : [];
}

/** The config as stored: the very object sent, with the source's own adjustments (D4). */
export function keptConfig(source: unknown, config: Record<string, unknown>) {
  return contractOf(source)?.keep?.(config) ?? config;
}

/** The problems of a credential's values for its source (paths inside credential_json). */
export function credentialProblems(
  source: unknown,
  values: Record<string, unknown>,
): z.core.$ZodIssue[] {
  const result = contractOf(source)?.credential?.safeParse(values);
  return result && !result.success ? result.error.issues : [];
}

/** Whether a catalogue source's connectors need a credential of their own (D7: Web needs none). */
export const needsCredential = (source: CatalogueSource) =>
  SOURCE_CONTRACTS[source].credential !== null;

/** The keys of a catalogue source's credential, those it requires first (the panel's form asks for them). */
export function credentialKeys(source: unknown): { key: string; required: boolean }[] {
  const schema = contractOf(source)?.credential;
  if (!(schema instanceof z.ZodMiniObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodMiniType>).map(([key, value]) => ({
    key,
    required: !(value instanceof z.ZodMiniOptional),
  }));
}

/**
 * The credential keys whose values are no secret (an account e-mail, an
 * address, a client or key id, a fixed choice): an export carries them as they
 * are. Every other key is a secret (the panel's password and key-file boxes:
 * src/sources/catalogue.test.ts checks they agree).
 */
export const READABLE_CREDENTIAL_KEYS: Partial<Record<CatalogueSource, readonly string[]>> = {
  jira: ['jira_user_email'],
  confluence: ['confluence_username'],
  gitlab: ['gitlab_url'],
  google_drive: ['google_primary_admin', 'authentication_method'],
  sharepoint: ['authentication_method', 'sp_client_id', 'sp_directory_id'],
  zendesk: ['zendesk_subdomain', 'zendesk_email'],
  salesforce: ['sf_username', 'is_sandbox'],
  gong: ['gong_access_key', 'gong_base_url'],
  gmail: ['google_primary_admin'],
  requesttracker: ['requesttracker_base_url', 'requesttracker_username'],
  guru: ['guru_user'],
  bookstack: ['bookstack_base_url', 'bookstack_api_token_id'],
  outline: ['outline_base_url'],
  document360: ['portal_id'],
  loopio: ['loopio_subdomain', 'loopio_client_id'],
  teams: ['teams_client_id', 'teams_directory_id'],
  discourse: ['discourse_api_username'],
  axero: ['base_url'],
  clickup: ['clickup_team_id'],
  s3: ['authentication_method', 'aws_access_key_id'],
  r2: ['account_id', 'r2_access_key_id'],
  google_cloud_storage: ['access_key_id'],
  oci_storage: ['namespace', 'region', 'access_key_id'],
  freshdesk: ['freshdesk_domain'],
  egnyte: ['domain'],
  highspot: ['highspot_url', 'highspot_key'],
  imap: ['imap_username'],
  bitbucket: ['bitbucket_email'],
  testrail: ['testrail_base_url', 'testrail_username'],
};

/** Whether a credential's value under `key` is no secret (a source outside the catalogue: none). */
export const isReadableCredentialKey = (source: string, key: string): boolean =>
  isCatalogueSource(source) && (READABLE_CREDENTIAL_KEYS[source]?.includes(key) ?? false);
