// Fireflies: Onyx's FirefliesConnector: no settings; an API key.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const fireflies = {
  config: z.looseObject({}),
  credential: z.looseObject({ fireflies_api_key: filledText }),
} satisfies SourceContract;
