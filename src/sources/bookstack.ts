// BookStack in the panel: every book, chapter and page the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const bookstack: SourcePanel = {
  ...SOURCE_WORDS.bookstack,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('bookstack'),
  summary: 'Books, chapters and pages.',
  inputType: 'poll',
  fields: [],
  credential: {
    bookstack_base_url: {
      label: 'BookStack address',
      hint: 'For example https://wiki.acme.example.',
    },
    bookstack_api_token_id: { label: 'API token ID' },
    bookstack_api_token_secret: { label: 'API token secret', secret: true },
  },
};
