// Outline: Onyx's OutlineConnector: no settings; the site (cloud or self-hosted) and an API token.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const outline = {
  config: z.looseObject({}),
  credential: z.looseObject({ outline_base_url: httpUrlSchema, outline_api_token: filledText }),
} satisfies SourceContract;
