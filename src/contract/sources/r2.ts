// Cloudflare R2: a bucket, a prefix, EU residency; the account and an access key.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import { bucketConfig } from './bucket';
import type { SourceContract } from './types';

export const r2 = {
  config: z.looseObject({ ...bucketConfig('r2'), european_residency: z.optional(z.boolean()) }),
  credential: z.looseObject({
    account_id: filledText,
    r2_access_key_id: filledText,
    r2_secret_access_key: filledText,
  }),
} satisfies SourceContract;
