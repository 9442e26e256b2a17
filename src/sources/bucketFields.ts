// The fields every object store shares: the bucket, a prefix, and the store's
// name (Onyx's hidden bucket_type), sent without being asked.
import { optionalTextBox, requiredText } from './fieldParts';
import type { ValueField } from './types';

export const bucketFields = (bucketType: string, example: string): ValueField[] => [
  requiredText(
    'bucket_name',
    'Bucket name',
    `For example ${example}.`,
    'Enter the name of the bucket',
  ),
  optionalTextBox(
    'prefix',
    'Prefix',
    'Only the objects under this path, such as docs/.',
    'The whole bucket',
  ),
  { key: 'bucket_type', control: 'fixed', label: 'Bucket type', value: bucketType },
];
