// Dropbox in the panel: every file the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const dropbox: SourcePanel = {
  ...SOURCE_WORDS.dropbox,
  category: 'Cloud Storage',
  popular: false,
  docs: onyxGuide('dropbox'),
  summary: 'Files and folders of a Dropbox account.',
  inputType: 'poll',
  fields: [],
  credential: { dropbox_access_token: { label: 'Access token', secret: true } },
};
