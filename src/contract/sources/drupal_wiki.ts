// Drupal Wiki: Onyx's DrupalWikiConnector: the site; spaces and pages by
// numeric id (none: every space); attachments or not; a personal access token.
import * as z from 'zod/mini';
import { boundedList, filledText, httpUrlSchema, issueType } from '../schemaParts';
import type { SourceContract } from './types';

const numericIds = z.optional(
  z.nullable(
    boundedList(
      z.string().check(
        z.refine((text) => /^\d+$/.test(text.trim()), {
          message: 'Use the numeric id, for example 42',
          ...issueType('value_error'),
        }),
      ),
    ),
  ),
);

export const drupal_wiki = {
  config: z.looseObject({
    base_url: httpUrlSchema,
    spaces: numericIds,
    pages: numericIds,
    include_attachments: z.optional(z.boolean()),
  }),
  credential: z.looseObject({ drupal_wiki_api_token: filledText }),
} satisfies SourceContract;
