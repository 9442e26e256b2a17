// Axero in the panel: some or all spaces.
import { namesList, onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const axero: SourcePanel = {
  ...SOURCE_WORDS.axero,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('axero'),
  summary: 'Articles, blogs, wikis and forums of an intranet.',
  inputType: 'poll',
  refresh: 86_400,
  fields: [
    namesList('spaces', 'spaces', 'Space ID', { hint: 'By their IDs. Empty: every space.' }),
  ],
  credential: {
    base_url: { label: 'Axero address', hint: 'For example https://acme.axeroplatform.com.' },
    axero_api_token: { label: 'API token', secret: true },
  },
};
