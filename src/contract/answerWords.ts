// The words of an answer's fields: what /api/openapi.json and the panel's API
// reference say each one is. Each contract module describes its answers beside
// their schemas (describeAnswer), once; a body's fields carry theirs with
// z.describe instead, since its forms show them too. A registry of its own, not
// zod's global one: the panel's build-time checks of the list's first reads
// (scripts/panelRoutes.ts) make JSON Schema of some answers, and these words
// there would weigh on the list's path for nothing.
import * as z from 'zod/mini';

/** One sentence for each field of an answer schema: every field, or it does not typecheck. */
export type AnswerWords<S extends z.ZodMiniType> = { readonly [K in keyof z.output<S>]-?: string };

/** Each described answer schema (or one inside an answer) and what its fields are. */
export const ANSWER_WORDS = z.registry<Readonly<Record<string, string>>>();

export function describeAnswer<S extends z.ZodMiniType>(schema: S, words: AnswerWords<S>): void {
  ANSWER_WORDS.add(schema, words as Readonly<Record<string, string>>);
}

export const TIME_CREATED = 'When it was made: an ISO-8601 date-time in UTC.';
export const TIME_UPDATED = 'When it was last changed: an ISO-8601 date-time in UTC.';
export const USER_ID = "The user's id (a UUID).";
