// A connector's or credential's `ref` (configuration as code): the
// name a bundle knows it by, stable across renames and instances. It is given
// once, from the name at creation, and kept; a bundle may name its own.

/** The longest ref a bundle may carry. */
export const REF_MAX = 200;

/**
 * The ref a name suggests: lower case, every run of other characters a single
 * `-`, no `-` at either end. A name with no letter or digit suggests `fallback`.
 */
export function refFromName(name: string | null, fallback: string): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, REF_MAX - 12)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The n-th ref that `ref` suggests (n from 1): `ref`, `ref-2`, `ref-3`, … */
export const nthRef = (ref: string, n: number) => (n === 1 ? ref : `${ref}-${n}`);

/** The first of `ref`, `ref-2`, `ref-3`, … that `taken` does not hold. */
export function freeRef(ref: string, taken: (candidate: string) => boolean): string {
  for (let n = 1; ; n += 1) {
    const candidate = nthRef(ref, n);
    if (!taken(candidate)) return candidate;
  }
}
