// The panel's weight before the connectors list's first rows, without a browser:
// a production build with Vite's manifest, then the entry chunk and the
// connectors page's chunk with every chunk they import statically (and their
// style sheets), each gzipped at level 9 as bench/weight.ts weighs what the
// browser fetched. A quick check between `npm run bench` runs; the bench's
// own row, measured in Chromium, is the figure docs/performance.md reports.
//   npx tsx bench/listWeight.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from './config';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LIST_PAGE = 'src/features/connectors/ConnectorsPage.tsx';

/** Every file the chunks `starts` load before they run: themselves, their static imports, their CSS. */
function filesBeforeRun(manifest: Manifest, starts: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  starts.forEach(visit);
  return [...files];
}

function main(): void {
  const outDir = mkdtempSync(join(tmpdir(), 'sourcedesk-weight-'));
  try {
    const vite = join(paths.root, 'node_modules', 'vite', 'bin', 'vite.js');
    execFileSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
      { cwd: paths.root, stdio: 'inherit' },
    );
    const manifest = JSON.parse(
      readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    if (!entry) throw new Error('no entry chunk in the manifest');
    const files = filesBeforeRun(manifest, [entry, LIST_PAGE]).map((file) => ({
      file,
      gzipKb: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024,
    }));
    files.sort((a, b) => b.gzipKb - a.gzipKb);
    for (const { file, gzipKb } of files)
      console.log(`${gzipKb.toFixed(1).padStart(7)} KB  ${file}`);
    const total = files.reduce((sum, { gzipKb }) => sum + gzipKb, 0);
    console.log(`${total.toFixed(1).padStart(7)} KB  total, ${files.length} files (gzip -9)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main();
