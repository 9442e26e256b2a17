// The sources the worker reads: one file each beside this one, named as the
// catalogue names them (src/contract/sources/catalogue.ts).
import type { CatalogueSource } from '../../src/contract/sources/catalogue';
import { confluenceReader } from './confluence';
import { githubReader } from './github';
import { jiraReader } from './jira';
import type { SourceReader } from './types';
import { webReader } from './web';

export const SOURCE_READERS = {
  jira: jiraReader,
  confluence: confluenceReader,
  github: githubReader,
  web: webReader,
} satisfies Partial<Record<CatalogueSource, SourceReader>>;

export type ReadableSource = keyof typeof SOURCE_READERS;
export const READABLE_SOURCES = Object.keys(SOURCE_READERS) as ReadableSource[];

export const isReadable = (source: string): source is ReadableSource =>
  Object.hasOwn(SOURCE_READERS, source);

/** The name a source's messages use. */
export const SOURCE_NAMES: Record<ReadableSource, string> = {
  jira: 'Jira',
  confluence: 'Confluence',
  github: 'GitHub',
  web: 'The web site',
};
