// Highspot: Onyx's HighspotConnector: spots by name (none: every spot); the
// site and an API key and secret.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const highspot = {
  config: z.looseObject({ spot_names: optionalTextList }),
  credential: z.looseObject({
    highspot_url: httpUrlSchema,
    highspot_key: filledText,
    highspot_secret: filledText,
  }),
} satisfies SourceContract;
