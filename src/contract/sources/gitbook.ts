// GitBook: Onyx's GitbookConnector: one space, by its id.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const gitbook = {
  config: z.looseObject({ space_id: filledText }),
  credential: z.looseObject({ gitbook_api_key: filledText }),
} satisfies SourceContract;
