// What each chunk of the panel's build is made of, written beside the build
// (`<outDir>-chunks.json`, never inside the served folder): its file, whether it
// is the entry, the module it stands for, the chunks and style sheets it loads
// before it runs, and the source modules inside it. scripts/listPath.ts reads it
// to weigh and check what the connectors list needs before its first rows.
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface PanelChunk {
  file: string;
  isEntry: boolean;
  /** The source module this chunk stands for (a page's lazily loaded module), relative to the root. */
  facade: string | null;
  /** Chunks loaded before this one runs (its static imports). */
  imports: string[];
  css: string[];
  /** The source modules bundled in it, relative to the root (`node_modules/…` for packages). */
  modules: string[];
}

/** Where the chunk record of a build into `outDir` is written. */
export const chunksFileOf = (outDir: string): string =>
  `${outDir.replace(/[\\/]+$/, '')}-chunks.json`;

export function panelChunks(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  const local = (id: string) => relative(root, id.replace(/^\0/, '')).split('\\').join('/');
  return {
    name: 'sourcedesk-panel-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks: PanelChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata
          ?.importedCss;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          facade: output.facadeModuleId ? local(output.facadeModuleId) : null,
          imports: [...output.imports],
          css: [...(css ?? [])],
          modules: output.moduleIds.map(local),
        });
      }
      writeFileSync(chunksFileOf(outDir), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
