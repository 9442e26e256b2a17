// The access of a connector–credential pair (D13), apart from the groups'
// contract so that the answers (answers.ts) can name it without a cycle.

/** `public` (the default), `private` (to its groups) or `sync` (stored, and seen as public). */
export const PAIR_ACCESS_TYPES = ['public', 'private', 'sync'] as const;
export type PairAccessType = (typeof PAIR_ACCESS_TYPES)[number];
