// What the connectors list needs before its first rows, read from a build's
// chunk record (scripts/panelChunks.ts): the entry chunk and the list page's
// chunk with every chunk they import statically and their style sheets. Two
// rules hold on it, and `npm test` checks both right after its build
// (`npx tsx scripts/listPath.ts [outDir]`):
//   - its weight (gzip -9, as bench/weight.ts weighs what a browser fetched)
//     is at most LIST_PATH_CEILING_KB, a ratchet under the target
//     WEIGHT_TARGET_KB (120 KB, judged by the bench): the last measured weight
//     rounded up to the next KB, so the room a cut makes is not spent unseen;
//     lower it as cuts land, raise it only with the reason in docs/performance.md;
//   - it carries no zod and, of the contract, only the zod-free modules below.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WEIGHT_TARGET_KB } from '../bench/weight.ts';
import { chunksFileOf, type PanelChunk } from './panelChunks.ts';

export const LIST_PAGE = 'src/features/connectors/ConnectorsPage.tsx';

/**
 * The contract modules the list's path may carry: plain tables and words with
 * no zod (the list's answers are checked by generated code, src/api/answerShape.ts).
 */
export const LIST_PATH_CONTRACT = [
  'src/contract/browserNames.ts',
  'src/contract/endpointPaths.ts',
  'src/contract/pairRules.ts',
  'src/contract/panelPages.ts',
  'src/contract/roles.ts',
  'src/contract/sourceWords.ts',
];

/**
 * What `npm test` lets the list's path weigh at most (a ratchet, under WEIGHT_TARGET_KB).
 * 119: the entry's start of the Users page's reads at /users costs the list 0.1 KB.
 * 119.5: the first reads' module evaluated first (src/boot.ts) costs 0.9 KB (the
 * entry's modules in another order compress less well), for requests that leave
 * ~120 ms earlier (docs/performance.md, "The entry's first reads (2026-11-29)").
 */
export const LIST_PATH_CEILING_KB = 119.5;

export interface ListPath {
  files: { file: string; gzipKb: number }[];
  totalKb: number;
  modules: string[];
}

/** The files and modules loaded before the list page runs, weighed. */
export function listPathOf(outDir: string): ListPath {
  const chunks = JSON.parse(readFileSync(chunksFileOf(outDir), 'utf8')) as PanelChunk[];
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const page = chunks.find((chunk) => chunk.facade === LIST_PAGE);
  if (!entry) throw new Error(`no entry chunk in ${chunksFileOf(outDir)}`);
  if (!page) throw new Error(`no chunk for ${LIST_PAGE} in ${chunksFileOf(outDir)}`);
  const files = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`no chunk ${file} in ${chunksFileOf(outDir)}`);
    files.add(file);
    chunk.css.forEach((css) => files.add(css));
    chunk.modules.forEach((module) => modules.add(module));
    chunk.imports.forEach(visit);
  };
  visit(entry.file);
  visit(page.file);
  const weighed = [...files]
    .map((file) => ({
      file,
      gzipKb: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024,
    }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = weighed.reduce((sum, { gzipKb }) => sum + gzipKb, 0);
  return { files: weighed, totalKb, modules: [...modules].sort() };
}

/** What breaks the list path's rules, in words; empty when both hold. */
export function listPathProblems(path: ListPath): string[] {
  const problems: string[] = [];
  if (path.totalKb > LIST_PATH_CEILING_KB)
    problems.push(
      `weighs ${path.totalKb.toFixed(1)} KB gzip before the first rows (at most ${LIST_PATH_CEILING_KB} KB; the target is ${WEIGHT_TARGET_KB} KB): load what only an action needs after the rows`,
    );
  for (const module of path.modules) {
    if (/(^|\/)node_modules\/zod\//.test(module) || module === 'src/lib/jitlessZod.ts')
      problems.push(`carries zod (${module}): the list's answers are checked without it`);
    else if (module.startsWith('src/contract/') && !LIST_PATH_CONTRACT.includes(module))
      problems.push(
        `carries ${module}: only the zod-free contract modules of LIST_PATH_CONTRACT belong on it`,
      );
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const path = listPathOf(outDir);
  for (const { file, gzipKb } of path.files)
    console.log(`${gzipKb.toFixed(1).padStart(7)} KB  ${file}`);
  console.log(
    `${path.totalKb.toFixed(1).padStart(7)} KB  before the list's first rows, ${path.files.length} files (gzip -9; target ${WEIGHT_TARGET_KB} KB: ${path.totalKb <= WEIGHT_TARGET_KB ? 'met' : 'MISSED'}; ceiling ${LIST_PATH_CEILING_KB} KB)`,
  );
  const problems = listPathProblems(path);
  if (problems.length > 0) {
    console.error(`The connectors list's path:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
