// Productboard: Onyx's ProductboardConnector: no settings; an access token.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const productboard = {
  config: z.looseObject({}),
  credential: z.looseObject({ productboard_access_token: filledText }),
} satisfies SourceContract;
