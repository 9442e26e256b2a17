// Amazon S3: a bucket, a prefix and the bucket's region; an access key and its
// secret (Onyx's `access_key` method: the IAM role methods are out of scope).
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import { bucketConfig } from './bucket';
import type { SourceContract } from './types';

export const s3 = {
  config: z.looseObject({ ...bucketConfig('s3'), region_name: optionalText }),
  credential: z.looseObject({
    authentication_method: z.optional(z.literal('access_key')),
    aws_access_key_id: filledText,
    aws_secret_access_key: filledText,
  }),
} satisfies SourceContract;
