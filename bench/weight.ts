// Panel weight: the scripts and style sheets the browser fetched before the first
// rows showed, each gzipped (level 9) as a server would send it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { paths } from './config';

/** The weight's target: at most this much JS and CSS (gzip -9) before the list's first rows. */
export const WEIGHT_TARGET_KB = 120;

const gzipKb = (body: Buffer) => gzipSync(body, { level: 9 }).length / 1024;

/** Starts recording; `bodies` maps each JS/CSS URL to its body once it arrives. */
export function recordAssets(page: Page): Map<string, Promise<Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet' || /\.(js|css)(\?|$)/.test(response.url())) {
      const body = response.body();
      // A file that arrives as the page closes (a chunk loaded after the first
      // rows) is never weighed: its failure must not end the bench.
      body.catch(() => {});
      bodies.set(response.url(), body);
    }
  });
  return bodies;
}

export interface Weight {
  totalKb: number;
  files: { url: string; gzipKb: number }[];
}

export async function weightOf(
  bodies: Map<string, Promise<Buffer>>,
  urls: string[],
): Promise<Weight> {
  const files = [];
  for (const url of new Set(urls)) {
    const body = bodies.get(url);
    if (!body) throw new Error(`no response recorded for ${url}`);
    files.push({ url: new URL(url).pathname, gzipKb: gzipKb(await body) });
  }
  return { totalKb: files.reduce((sum, file) => sum + file.gzipKb, 0), files };
}

/** The entry chunk: the module script index.html names. */
export function entryChunkKb(): { file: string; gzipKb: number } {
  const html = readFileSync(join(paths.dist, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no module script in the built index.html');
  return { file: src, gzipKb: gzipKb(readFileSync(join(paths.dist, src))) };
}
