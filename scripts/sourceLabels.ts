// The catalogue's words the connectors list shows, made from the
// catalogue (src/sources/catalogue.ts) at build time, never written by hand:
// each source's label and badge, and the label of each of its credential's
// keys (the credential filter names a credential's values by them). The list's
// path then carries this table, not every source's forms.
//   virtual:source-labels  `{ jira: { label, initials, credential: { key: label } } }`
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { SourcePanel } from '../src/sources/types.ts';

export const SOURCE_LABELS_MODULE = 'virtual:source-labels';
const resolved = `\0${SOURCE_LABELS_MODULE}`;

async function labelsSource(): Promise<string> {
  const { SOURCE_PANELS } = (await tsImport(
    new URL('../src/sources/catalogue.ts', import.meta.url).href,
    import.meta.url,
  )) as { SOURCE_PANELS: Record<string, SourcePanel> };
  const labels = Object.fromEntries(
    Object.entries(SOURCE_PANELS).map(([source, { label, initials, credential }]) => [
      source,
      {
        label,
        initials,
        credential: Object.fromEntries(
          Object.entries(credential).map(([key, words]) => [key, words.label]),
        ),
      },
    ]),
  );
  return `export default ${JSON.stringify(labels)};`;
}

/** Serves the table to Vite's build, its dev server and vitest. */
export function sourceLabels(): Plugin {
  let made: Promise<string> | undefined;
  return {
    name: 'sourcedesk-source-labels',
    resolveId: (id) => (id === SOURCE_LABELS_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      made ??= labelsSource();
      return made;
    },
  };
}
