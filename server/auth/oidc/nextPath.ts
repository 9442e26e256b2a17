// Where a person goes after signing in: a page of this server, never another
// site. The query value is resolved against the server's own origin as a
// browser would resolve a Location header (WHATWG URL: `\` counts as `/`, tab
// and newlines are dropped), and kept only when it stays on that origin.

/** C0 controls and DEL: the URL parser drops some of them, a browser may read the rest as `/`. */
const hasControl = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The path (with query and fragment) to send the browser to, or `/`. */
export function safeNext(next: unknown, origin: string): string {
  if (typeof next !== 'string' || !next.startsWith('/') || hasControl(next)) return '/';
  let home: URL;
  let target: URL;
  try {
    home = new URL(origin);
    target = new URL(next, home);
  } catch {
    return '/';
  }
  if (target.origin !== home.origin) return '/';
  // The parsed form: percent-encoded, so it is always a valid header value.
  return `${target.pathname}${target.search}${target.hash}`;
}
