// Document360: Onyx's Document360Connector: a workspace and, optionally, categories (none: all).
import * as z from 'zod/mini';
import { filledText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const document360 = {
  config: z.looseObject({ workspace: filledText, categories: optionalTextList }),
  credential: z.looseObject({ portal_id: filledText, document360_api_token: filledText }),
} satisfies SourceContract;
