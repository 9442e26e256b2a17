// Many things named in a sentence: a question or a card names at most ten,
// then says how many more, so ten thousand connectors make one short line.

const NAMED_AT_MOST = 10;

/** "A, B and C." — at most ten names, then how many more. */
export function namesOf(items: readonly { name: string }[]): string {
  const names = items.slice(0, NAMED_AT_MOST).map((item) => item.name);
  const more = items.length - names.length;
  return more > 0
    ? `${names.join(', ')} and ${more.toLocaleString('en')} more.`
    : `${names.join(', ')}.`;
}
