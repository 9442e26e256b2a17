// Discourse: Onyx's DiscourseConnector: the forum's address, categories (none: all).
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const discourse = {
  config: z.looseObject({ base_url: httpUrlSchema, categories: optionalTextList }),
  credential: z.looseObject({ discourse_api_key: filledText, discourse_api_username: filledText }),
} satisfies SourceContract;
