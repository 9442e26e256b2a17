// BookStack: Onyx's BookstackConnector: no settings; the site and an API token's id and secret.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const bookstack = {
  config: z.looseObject({}),
  credential: z.looseObject({
    bookstack_base_url: httpUrlSchema,
    bookstack_api_token_id: filledText,
    bookstack_api_token_secret: filledText,
  }),
} satisfies SourceContract;
