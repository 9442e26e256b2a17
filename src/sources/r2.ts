// Cloudflare R2 in the panel: a bucket through an access key.
import { bucketFields } from './bucketFields';
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const r2: SourcePanel = {
  ...SOURCE_WORDS.r2,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('r2'),
  summary: 'Documents in an R2 bucket.',
  inputType: 'poll',
  refresh: 86_400,
  fields: [
    ...bucketFields('r2', 'acme-docs'),
    {
      key: 'european_residency',
      control: 'checkbox',
      label: 'The bucket keeps its data in the EU',
      default: false,
    },
  ],
  credential: {
    account_id: { label: 'Account ID' },
    r2_access_key_id: { label: 'Access key ID' },
    r2_secret_access_key: { label: 'Secret access key', secret: true },
  },
};
