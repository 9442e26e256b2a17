// Egnyte: Onyx's EgnyteConnector: a folder (none: everything); the domain and an access token.
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const egnyte = {
  config: z.looseObject({ folder_path: optionalText }),
  credential: z.looseObject({ domain: filledText, access_token: filledText }),
} satisfies SourceContract;
