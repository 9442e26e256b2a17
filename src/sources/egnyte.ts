// Egnyte in the panel: one folder, or everything.
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';

export const egnyte: SourcePanel = {
  label: 'Egnyte',
  initials: 'EG',
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
