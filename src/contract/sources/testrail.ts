// TestRail: Onyx's TestRailConnector: projects by id (comma-separated, none:
// all) and the paging limits; the site, a user and an API key.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

const positive = z.optional(z.nullable(z.int().check(z.gte(1))));

export const testrail = {
  config: z.looseObject({
    project_ids: optionalText,
    cases_page_size: positive,
    max_pages: positive,
    skip_doc_absolute_chars: positive,
  }),
  credential: z.looseObject({
    testrail_base_url: httpUrlSchema,
    testrail_username: filledText,
    testrail_api_key: filledText,
  }),
} satisfies SourceContract;
