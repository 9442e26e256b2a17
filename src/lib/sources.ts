// How each DocumentSource reads to a person, for the panel: its words (label
// and badge) come from the contract's one table (contract/sourceWords.ts),
// which the server's alerts read too; here only the badge's colour is added.
import { sourceWords, type SourceWords } from '../contract/sourceWords';

export { sourceLabel } from '../contract/sourceWords';

/** A source's look; a value the table does not know (a newer server) reads as itself. */
export const sourceLook = (source: string): SourceWords => sourceWords(source);

/** One of eight badge colours, the same for a source everywhere. */
export function sourceHue(source: string): number {
  let hash = 0;
  for (const character of source) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return hash % 8;
}
