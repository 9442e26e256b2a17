// Axero: Onyx's AxeroConnector: spaces by id (none: all); the site is the credential's.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const axero = {
  config: z.looseObject({ spaces: optionalTextList }),
  credential: z.looseObject({ base_url: httpUrlSchema, axero_api_token: filledText }),
} satisfies SourceContract;
