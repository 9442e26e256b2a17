// Egnyte in the panel: one folder, or everything.
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const egnyte: SourcePanel = {
  ...SOURCE_WORDS.egnyte,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('egnyte'),
  summary: 'Files of an Egnyte domain.',
  inputType: 'poll',
  fields: [
    optionalTextBox(
      'folder_path',
      'Folder',
      'For example /Shared/Documents. Empty: everything.',
      'Everything',
    ),
  ],
  credential: {
    domain: { label: 'Domain', hint: 'acme for acme.egnyte.com.' },
    access_token: { label: 'Access token', secret: true },
  },
};
