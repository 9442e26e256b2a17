// XenForo: Onyx's XenforoConnector: a board's or a thread's address. No credential (D7).
import * as z from 'zod/mini';
import { httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const xenforo = {
  config: z.looseObject({ base_url: httpUrlSchema }),
  credential: null,
} satisfies SourceContract;
