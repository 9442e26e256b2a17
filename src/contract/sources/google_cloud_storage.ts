// Google Cloud Storage: a bucket and a prefix; an HMAC access key and its secret.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import { bucketConfig } from './bucket';
import type { SourceContract } from './types';

export const google_cloud_storage = {
  config: z.looseObject(bucketConfig('google_cloud_storage')),
  credential: z.looseObject({ access_key_id: filledText, secret_access_key: filledText }),
} satisfies SourceContract;
