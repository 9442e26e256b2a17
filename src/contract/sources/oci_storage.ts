// OCI Object Storage: a bucket and a prefix; the namespace, region and a customer secret key.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import { bucketConfig } from './bucket';
import type { SourceContract } from './types';

export const oci_storage = {
  config: z.looseObject(bucketConfig('oci_storage')),
  credential: z.looseObject({
    namespace: filledText,
    region: filledText,
    access_key_id: filledText,
    secret_access_key: filledText,
  }),
} satisfies SourceContract;
