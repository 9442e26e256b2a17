// Slab: Onyx's SlabConnector: the team's address; a bot token.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const slab = {
  config: z.looseObject({ base_url: httpUrlSchema }),
  credential: z.looseObject({ slab_bot_token: filledText }),
} satisfies SourceContract;
