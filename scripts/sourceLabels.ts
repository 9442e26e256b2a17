// The catalogue's words the credential filter and the credential pages name a
// credential's values by, made from the catalogue (src/sources/catalogue.ts)
// at build time, never written by hand: the label of each of a source's
// credential keys, so those pages carry this table, not every source's forms.
// (A source's own label and badge live in the contract: contract/sourceWords.ts.)
//   virtual:source-credential-labels  `{ jira: { key: label } }`
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { SourcePanel } from '../src/sources/types.ts';

export const CREDENTIAL_LABELS_MODULE = 'virtual:source-credential-labels';
const MODULES = [CREDENTIAL_LABELS_MODULE];

async function panels(): Promise<[string, SourcePanel][]> {
  const { SOURCE_PANELS } = (await tsImport(
    new URL('../src/sources/catalogue.ts', import.meta.url).href,
    import.meta.url,
  )) as { SOURCE_PANELS: Record<string, SourcePanel> };
  return Object.entries(SOURCE_PANELS);
}

async function moduleSource(): Promise<string> {
  const entries = await panels();
  const table = entries.map(([source, { credential }]) => [
    source,
    Object.fromEntries(Object.entries(credential).map(([key, words]) => [key, words.label])),
  ]);
  return `export default ${JSON.stringify(Object.fromEntries(table))};`;
}

/** Serves the table to Vite's build, its dev server and vitest. */
export function sourceLabels(): Plugin {
  const made = new Map<string, Promise<string>>();
  return {
    name: 'sourcedesk-source-labels',
    resolveId: (id) => (MODULES.includes(id) ? `\0${id}` : undefined),
    load(id) {
      const name = id.slice(1);
      if (id[0] !== '\0' || !MODULES.includes(name)) return undefined;
      if (!made.has(name)) made.set(name, moduleSource());
      return made.get(name);
    },
  };
}
