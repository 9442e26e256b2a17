// The object stores (S3, R2, Google Cloud Storage, OCI): Onyx's BlobStorageConnector
// keys, a bucket and a prefix; `bucket_type` names the store and is never asked.
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';

export const bucketConfig = <const T extends string>(bucketType: T) => ({
  bucket_name: filledText,
  prefix: optionalText,
  bucket_type: z.optional(z.literal(bucketType)),
});
