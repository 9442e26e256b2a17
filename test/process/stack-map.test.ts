// The built server's stacks name the TypeScript sources, and the source map is
// read only at the first stack written (not at start: docs/operations.md,
// "Stack traces"). A small bundle made here the way build:server makes
// dist-server/main.js (esbuild, ESM, a map beside it), run as its own process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-stack-map-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ENTRY = `import { mapStacksOf, stackMapLoaded } from ${JSON.stringify(resolve('server/stackMap.ts'))};
mapStacksOf(import.meta.url);
const atStart = stackMapLoaded();
function fails(): never {
  throw new Error('where am I');
}
try {
  fails();
} catch (error) {
  const beforeStack = stackMapLoaded();
  const stack = (error as Error).stack;
  console.log(JSON.stringify({ atStart, beforeStack, stack, afterStack: stackMapLoaded() }));
}
`;

async function runBundle(sourcemap: boolean) {
  const entry = join(folder, 'entry.ts');
  writeFileSync(entry, ENTRY);
  const outfile = join(folder, sourcemap ? 'mapped.js' : 'bare.js');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    outfile,
    logLevel: 'silent',
  });
  writeFileSync(join(folder, 'package.json'), '{"type":"module"}');
  const { stdout } = await promisify(execFile)(process.execPath, [outfile]);
  return JSON.parse(stdout) as {
    atStart: boolean;
    beforeStack: boolean;
    stack: string;
    afterStack: boolean;
  };
}

describe('stack traces of the built server', () => {
  it('name the source file and line, the map read at the first stack and not before', async () => {
    const run = await runBundle(true);
    expect(run.atStart).toBe(false);
    expect(run.beforeStack).toBe(false);
    expect(run.stack).toMatch(/^Error: where am I\n/);
    expect(run.stack).toContain(`at fails (${join(folder, 'entry.ts')}:5:`);
    expect(run.afterStack).toBe(true);
  });

  it('without a map beside the bundle, stacks stay as Node writes them', async () => {
    const run = await runBundle(false);
    expect(run.stack).toContain(join(folder, 'bare.js'));
    expect(run.stack).not.toContain('entry.ts');
    expect(run.afterStack).toBe(false);
  });
});
