// Google Cloud Storage in the panel: a bucket through an HMAC key.
import { bucketFields } from './bucketFields';
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const google_cloud_storage: SourcePanel = {
  ...SOURCE_WORDS.google_cloud_storage,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('google_cloud_storage'),
  summary: 'Documents in a Cloud Storage bucket.',
  inputType: 'poll',
  refresh: 86_400,
  fields: bucketFields('google_cloud_storage', 'my-gcs-bucket'),
  credential: {
    access_key_id: { label: 'HMAC access key', hint: 'Of the bucket’s service account.' },
    secret_access_key: { label: 'HMAC secret', secret: true },
  },
};
