// Wikipedia: Onyx's WikipediaConnector: a language, categories and pages, and
// how deep sub-categories are followed (-1: without end). No credential (D7).
import * as z from 'zod/mini';
import { filledText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

/** Levels of sub-categories: 0 the category alone, -1 without end (Onyx's). */
export const recurseDepth = z.int().check(z.gte(-1));

export const wikipedia = {
  config: z.looseObject({
    language_code: filledText,
    categories: optionalTextList,
    pages: optionalTextList,
    recurse_depth: recurseDepth,
  }),
  credential: null,
} satisfies SourceContract;
