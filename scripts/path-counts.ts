// How often each path of the served OpenAPI document that has no parameter is
// written in src/ and server/ (tests left out): the declarations want each written
// once, in its declaration. Run: npx tsx scripts/path-counts.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../test/support/harness';

const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (isSource(name)) yield path;
  }
}

/** The path as a string of its own: quoted, or the start of a template. */
const written = (text: string, path: string) =>
  text.split(/['"`]/).filter((piece) => piece === path).length;

const server = await startTestServer();
try {
  const response = await fetch(`${server.apiUrl}/openapi.json`);
  const doc = (await response.json()) as { paths: Record<string, unknown> };
  const plain = Object.keys(doc.paths).filter((path) => !path.includes('{'));
  const texts = ['src', 'server'].flatMap((dir) =>
    [...files(dir)].map((f) => readFileSync(f, 'utf8')),
  );
  const counts = plain.map(
    (path) => [path, texts.reduce((n, text) => n + written(text, path), 0)] as const,
  );
  for (const [path, count] of counts) console.log(`${count}\t${path}`);
  const once = counts.filter(([, count]) => count === 1).length;
  console.log(`${once} of ${plain.length} paths without parameters are written once`);
} finally {
  await server.close();
}
