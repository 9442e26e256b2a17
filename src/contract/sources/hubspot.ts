// HubSpot: Onyx's HubSpotConnector keys: which object types to index (none
// named: all of them).
import * as z from 'zod/mini';
import { boundedList, filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const HUBSPOT_OBJECT_TYPES = ['tickets', 'companies', 'deals', 'contacts'] as const;

export const hubspot = {
  config: z.looseObject({
    object_types: z.optional(z.nullable(boundedList(z.enum(HUBSPOT_OBJECT_TYPES)))),
  }),
  credential: z.looseObject({ hubspot_access_token: filledText }),
} satisfies SourceContract;
