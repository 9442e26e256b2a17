// Outline in the panel: every collection the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';

export const outline: SourcePanel = {
  label: 'Outline',
  initials: 'OU',
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
