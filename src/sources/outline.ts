// Outline in the panel: every collection the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const outline: SourcePanel = {
  ...SOURCE_WORDS.outline,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('outline'),
  summary: 'Documents of Outline collections.',
  inputType: 'poll',
  fields: [],
  credential: {
    outline_base_url: {
      label: 'Outline address',
      hint: 'https://app.getoutline.com, or your own server’s address.',
    },
    outline_api_token: { label: 'API token', secret: true },
  },
};
