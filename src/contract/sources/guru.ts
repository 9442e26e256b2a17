// Guru: Onyx's GuruConnector: no settings; a user and that user's token.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const guru = {
  config: z.looseObject({}),
  credential: z.looseObject({ guru_user: filledText, guru_user_token: filledText }),
} satisfies SourceContract;
