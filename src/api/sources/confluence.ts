// Confluence: Onyx's ConfluenceConnector keys.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const confluence = {
  config: z.looseObject({}),
  // Cloud: the account's user name or e-mail and an API token; Server / Data Center: a token alone.
  credential: z.looseObject({
    confluence_username: z.optional(z.string()),
    confluence_access_token: filledText,
  }),
} satisfies SourceContract;
