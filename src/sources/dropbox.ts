// Dropbox in the panel: every file the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';

export const dropbox: SourcePanel = {
  label: 'Dropbox',
  initials: 'DB',
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('dropbox'),
  summary: 'Files and folders of a Dropbox account.',
  inputType: 'poll',
  fields: [],
  credential: { dropbox_access_token: { label: 'Access token', secret: true } },
};
