// MediaWiki: Onyx's MediaWikiConnector: the site and its language, categories
// and pages (none: the whole site), and how deep sub-categories are followed.
// No credential (D7: credential 0).
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalTextList } from '../schemaParts';
import { recurseDepth } from './wikipedia';
import type { SourceContract } from './types';

export const mediawiki = {
  config: z.looseObject({
    language_code: filledText,
    hostname: httpUrlSchema,
    categories: optionalTextList,
    pages: optionalTextList,
    recurse_depth: z.optional(z.nullable(recurseDepth)),
  }),
  credential: null,
} satisfies SourceContract;
