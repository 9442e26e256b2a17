// Web: Onyx's WebConnector keys. No credential (D7: credential 0); the start
// address is required, the way to follow it is Onyx's choice of three.
import * as z from 'zod/mini';
import { boundedList, httpUrlSchema, optionalChoice } from '../schemaParts';
import type { SourceContract } from './types';

export const WEB_CONNECTOR_TYPES = ['recursive', 'single', 'sitemap'] as const;

export const web = {
  config: z.looseObject({
    base_url: httpUrlSchema,
    web_connector_type: optionalChoice(WEB_CONNECTOR_TYPES),
    scroll_before_scraping: z.optional(z.boolean()),
    url_rewrites: z.optional(
      z.nullable(boundedList(z.object({ source: z.string(), target: z.string() }))),
    ),
  }),
  credential: null,
} satisfies SourceContract;
