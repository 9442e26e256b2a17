// Freshdesk: Onyx's FreshdeskConnector: no settings; the account's domain and an API key.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const freshdesk = {
  config: z.looseObject({}),
  credential: z.looseObject({ freshdesk_domain: filledText, freshdesk_api_key: filledText }),
} satisfies SourceContract;
