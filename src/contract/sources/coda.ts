// Coda: Onyx's CodaConnector: no settings; a bearer token.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const coda = {
  config: z.looseObject({}),
  credential: z.looseObject({ coda_bearer_token: filledText }),
} satisfies SourceContract;
