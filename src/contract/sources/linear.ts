// Linear: Onyx's LinearConnector: no settings; an API key.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const linear = {
  config: z.looseObject({}),
  credential: z.looseObject({ linear_api_key: filledText }),
} satisfies SourceContract;
