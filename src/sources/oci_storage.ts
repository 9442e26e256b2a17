// OCI Object Storage in the panel: a bucket through a customer secret key.
import { bucketFields } from './bucketFields';
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const oci_storage: SourcePanel = {
  ...SOURCE_WORDS.oci_storage,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('oci_storage'),
  summary: 'Documents in an Oracle Cloud bucket.',
  inputType: 'poll',
  fields: bucketFields('oci_storage', 'acme-docs'),
  credential: {
    namespace: { label: 'Namespace', hint: 'The tenancy’s object storage namespace.' },
    region: { label: 'Region', hint: 'For example eu-frankfurt-1.' },
    access_key_id: { label: 'Access key', hint: 'Of a customer secret key.' },
    secret_access_key: { label: 'Secret key', secret: true },
  },
};
