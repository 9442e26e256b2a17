// Airtable: Onyx's AirtableConnector: every base the token reads, or one table
// by its address (and a shared view's id for links); whether all fields but
// attachments are metadata.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const airtable = {
  config: z.looseObject({
    airtable_url: z.optional(z.nullable(httpUrlSchema)),
    share_id: optionalText,
    treat_all_non_attachment_fields_as_metadata: z.optional(z.boolean()),
  }),
  credential: z.looseObject({ airtable_access_token: filledText }),
} satisfies SourceContract;
