// Every pointer leads somewhere that exists: the relative links of README.md
// and docs/*.md (files, and anchors to their headings), and the pointers code
// comments make to a document's section (`docs/security.md, "Sessions"`,
// `README, "…"`, `docs/x.md#anchor`).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const CODE_FOLDERS = ['server', 'src', 'scripts', 'bench', 'test', 'e2e'];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** A document's headings (their text) and anchors (duplicates numbered as GitHub does). */
function headingsOf(file: string): { texts: Set<string>; anchors: Set<string> } {
  const texts = new Set<string>();
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(readFileSync(join(ROOT, file), 'utf8')).matchAll(
    /^#{1,6}\s+(.+?)\s*#*\s*$/gm,
  )) {
    const text = match[1]!;
    texts.add(text);
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return { texts, anchors };
}

/** Problems of a pointer to `target` (a path from the repository's root) and its anchor or heading. */
function check(
  target: string,
  anchor: string | undefined,
  heading: string | undefined,
): string | undefined {
  if (!existsSync(join(ROOT, target))) return `${target} does not exist`;
  if (anchor === undefined && heading === undefined) return undefined;
  if (!target.endsWith('.md')) return undefined;
  const { texts, anchors } = headingsOf(target);
  if (anchor !== undefined && !anchors.has(anchor))
    return `${target} has no heading whose anchor is #${anchor}`;
  if (heading !== undefined && !texts.has(heading) && !anchors.has(slug(heading)))
    return `${target} has no heading "${heading}"`;
  return undefined;
}

function codeFiles(): string[] {
  return CODE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|js)$/.test(name) && !name.includes('node_modules'))
      .map((name) => `${folder}/${name}`)
      .filter((file) => !file.startsWith('test/docs/')),
  );
}

describe('links', () => {
  it('every relative link in README.md and docs/*.md leads to a file and a heading that exist', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      const text = withoutCode(readFileSync(join(ROOT, file), 'utf8'));
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = match[1]!;
        if (/^[a-z]+:/i.test(link)) continue;
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), path));
        if (target.startsWith('..')) continue; // beside the repository (../shared/spec)
        const problem = check(target, anchor, undefined);
        if (problem) broken.push(`${file}: (${link}): ${problem}`);
      }
    }
    expect(broken, `broken links; fix or remove each:\n${broken.join('\n')}\n`).toEqual([]);
  });

  it("every comment's pointer to a document's section leads to one that exists", () => {
    const broken: string[] = [];
    let pointers = 0;
    for (const file of codeFiles()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      // `docs/x.md, "Heading"`, `README's "Heading"`, across a comment's line break too.
      const pointer =
        /\b(README(?:\.md)?|docs\/[\w-]+\.md)(?:#([\w-]+)|(?:,|'s)?(?:\s|\/\/|\*)*"([^"]{1,80})")?/g;
      for (const match of text.matchAll(pointer)) {
        const [, name, anchor, spread] = match;
        // A heading broken over a comment's lines reads as one line.
        const heading = spread?.replace(/\s*\n\s*(?:\/\/|\*)?\s*/g, ' ');
        const target = name!.startsWith('README') ? 'README.md' : name!;
        pointers++;
        const problem = check(target, anchor, heading);
        if (problem) {
          const line = text.slice(0, match.index).split('\n').length;
          broken.push(`${file}:${line}: ${match[0].replace(/\s+/g, ' ')}: ${problem}`);
        }
      }
    }
    expect(pointers).toBeGreaterThan(50);
    expect(
      broken,
      `pointers in code that lead nowhere; point each to where the words now are:\n${broken.join('\n')}\n`,
    ).toEqual([]);
  });
});
