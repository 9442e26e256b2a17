// Counted words, one home for every count sentence of the panel ("1 connector
// is", "2 connectors are", "Finish it" / "Finish them"). English's own rule
// from the platform (Intl.PluralRules), each form written out in full where it
// is used, so an irregular one ("is"/"are", "it"/"them") reads as it is said.

const english = new Intl.PluralRules('en');
/** One number format for every count (a new one per call costs, in a list of 10,000 rows). */
const number = new Intl.NumberFormat('en');

/** `one` for a count of one, `other` for any other count (0, 2, 1,000…). */
export const plural = (count: number, one: string, other: string) =>
  english.select(count) === 'one' ? one : other;

/** "1 connector", "0 connectors", "1,000 connectors is"… with the count as a person reads it. */
export const countOf = (count: number, one: string, other = `${one}s`) =>
  `${number.format(count)} ${plural(count, one, other)}`;
