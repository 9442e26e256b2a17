// Zulip: Onyx's ZulipConnector: the realm's name and address; the bot's zuliprc file.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const zulip = {
  config: z.looseObject({ realm_name: filledText, realm_url: httpUrlSchema }),
  credential: z.looseObject({ zuliprc_content: filledText }),
} satisfies SourceContract;
