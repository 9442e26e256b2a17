// The sources Sourcedesk knows by name: each one's contract lives in its own
// file beside this one; this record lists them all. A source outside it keeps
// D4's rule (any JSON object as config, any flat object of strings as credential).
import * as z from 'zod/mini';
import type { DocumentSource } from '../contract';
import { confluence } from './confluence';
import { github } from './github';
import { gitlab } from './gitlab';
import { gong } from './gong';
import { google_drive } from './google_drive';
import { hubspot } from './hubspot';
import { jira } from './jira';
import { salesforce } from './salesforce';
import { sharepoint } from './sharepoint';
import { slack } from './slack';
import { web } from './web';
import { zendesk } from './zendesk';
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
