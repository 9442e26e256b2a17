// How each DocumentSource reads to a person: a label and a short badge. A
// catalogue source says it in its own file (src/sources/), which the build
// reads into a table of its words (scripts/sourceLabels.ts: the list's path
// carries that table, not the sources' forms); this table holds the others,
// and `satisfies` makes the compiler refuse a source left out of both.
import CATALOGUE_WORDS from 'virtual:source-labels';
import type { DocumentSource } from '../contract/contract';
import type { CatalogueSource } from '../contract/sources/catalogue';

/** A catalogue source's words: its label and badge (undefined for another source). */
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
  not_applicable: look('No source', '–'),
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
