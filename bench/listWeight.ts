// The panel's weight before the connectors list's first rows, without a browser:
// a production build into a folder of its own, weighed by scripts/listPath.ts
// (the same check `npm test` makes on its build). A quick check between
// `npm run bench` runs; the bench's own row, measured in Chromium, is the figure
// docs/performance.md reports.
//   npx tsx bench/listWeight.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunksFileOf } from '../scripts/panelChunks';
import { paths } from './config';

const outDir = join(mkdtempSync(join(tmpdir(), 'sourcedesk-weight-')), 'dist');
try {
  const vite = join(paths.root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: paths.root, stdio: 'inherit' },
  );
  execFileSync(
    process.execPath,
    [
      join(paths.root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(paths.root, 'scripts', 'listPath.ts'),
      outDir,
    ],
    {
      cwd: paths.root,
      stdio: 'inherit',
    },
  );
} finally {
  rmSync(join(outDir, '..'), { recursive: true, force: true });
  rmSync(chunksFileOf(outDir), { force: true });
}
