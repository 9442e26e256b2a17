// The catalogue's words the connectors list shows, made from the
// catalogue (src/sources/catalogue.ts) at build time, never written by hand:
// each source's label and badge, and the label of each of its credential's
// keys (the credential filter names a credential's values by them). The list's
// path then carries this table, not every source's forms.
//   virtual:source-labels             `{ jira: { label, initials } }`
//   virtual:source-credential-labels  `{ jira: { key: label } }`: apart, so the
//     list's first rows carry only the first (the credential filter and the
//     credential pages name a credential's values by the second).
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { SourcePanel } from '../src/sources/types.ts';

export const SOURCE_LABELS_MODULE = 'virtual:source-labels';
export const CREDENTIAL_LABELS_MODULE = 'virtual:source-credential-labels';
const MODULES = [SOURCE_LABELS_MODULE, CREDENTIAL_LABELS_MODULE];

async function panels(): Promise<[string, SourcePanel][]> {
  const { SOURCE_PANELS } = (await tsImport(
    new URL('../src/sources/catalogue.ts', import.meta.url).href,
    import.meta.url,
  )) as { SOURCE_PANELS: Record<string, SourcePanel> };
  return Object.entries(SOURCE_PANELS);
}

async function moduleSource(id: string): Promise<string> {
  const entries = await panels();
  const table =
    id === SOURCE_LABELS_MODULE
      ? entries.map(([source, { label, initials }]) => [source, { label, initials }])
      : entries.map(([source, { credential }]) => [
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
      if (!made.has(name)) made.set(name, moduleSource(name));
      return made.get(name);
    },
  };
}
