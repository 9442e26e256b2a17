// Zendesk: Onyx's ZendeskConnector keys: help-centre articles or tickets, and
// an optional cap on the API calls a minute.
import * as z from 'zod/mini';
import { filledText, optionalChoice } from '../schemaParts';
import type { SourceContract } from './types';

export const ZENDESK_CONTENT_TYPES = ['articles', 'tickets'] as const;

export const zendesk = {
  config: z.looseObject({
    content_type: optionalChoice(ZENDESK_CONTENT_TYPES),
    calls_per_minute: z.optional(z.nullable(z.int().check(z.gte(1)))),
  }),
  credential: z.looseObject({
    zendesk_subdomain: filledText,
    zendesk_email: filledText,
    zendesk_token: filledText,
  }),
} satisfies SourceContract;
