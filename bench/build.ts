// The production build of the panel, into a folder of the bench's own so that a
// concurrent `npm run build` (or the e2e tests) cannot swap files under it, and
// the server compiled as `npm start` runs it. The bare page (bench/bare-page/)
// is copied in beside it, so the same server serves it; it never ships in dist/.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { BARE_PAGE, paths } from './config';

export function buildPanel(): void {
  const vite = join(paths.root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--outDir', paths.dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: paths.root, stdio: 'inherit' },
  );
  cpSync(paths.barePage, join(paths.dist, BARE_PAGE.folder), { recursive: true });
  buildServer();
}

/** The server alone (the API and scale rows need no panel): dist-server/main.js. */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: paths.root, stdio: 'inherit' });
}
