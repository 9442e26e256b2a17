// Confluence: Onyx's ConfluenceConnector keys. The site and whether it is
// Cloud are required (the backend has no default for either); a space, a page
// (with its children or not) or a CQL query narrows what is indexed.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const confluence = {
  config: z.looseObject({
    is_cloud: z.boolean(),
    wiki_base: httpUrlSchema,
    scoped_token: z.optional(z.boolean()),
    space: optionalText,
    page_id: optionalText,
    index_recursively: z.optional(z.boolean()),
    cql_query: optionalText,
    include_attachments: z.optional(z.boolean()),
  }),
  // Cloud: the account's e-mail and an API token; Server / Data Center: a personal access token.
  credential: z.looseObject({
    confluence_username: z.optional(z.string()),
    confluence_access_token: filledText,
  }),
} satisfies SourceContract;
