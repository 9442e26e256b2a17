// Amazon S3 in the panel: a bucket through an access key.
import { bucketFields } from './bucketFields';
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const s3: SourcePanel = {
  ...SOURCE_WORDS.s3,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('s3'),
  summary: 'Documents in an S3 bucket.',
  inputType: 'poll',
  refresh: 86_400,
  fields: [
    ...bucketFields('s3', 'acme-docs'),
    optionalTextBox(
      'region_name',
      'Region',
      'For example us-east-1; needed for GovCloud buckets.',
      'Found by itself',
    ),
  ],
  credential: {
    authentication_method: { label: 'Authentication method', fixed: 'access_key' },
    aws_access_key_id: { label: 'Access key ID' },
    aws_secret_access_key: { label: 'Secret access key', secret: true },
  },
};
