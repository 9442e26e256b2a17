// Discourse in the panel: a forum, some or all categories.
import { namesList, onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const discourse: SourcePanel = {
  ...SOURCE_WORDS.discourse,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('discourse'),
  summary: 'Topics and posts of a forum.',
  inputType: 'poll',
  fields: [
    requiredText(
      'base_url',
      'Forum address',
      'For example https://forum.acme.example.',
      'Enter the address of the forum',
      'url',
    ),
    namesList('categories', 'categories', 'Category name', {
      hint: 'Empty: every category.',
    }),
  ],
  credential: {
    discourse_api_key: { label: 'API key', secret: true },
    discourse_api_username: { label: 'API user name', hint: 'The user the key acts as.' },
  },
};
