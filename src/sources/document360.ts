// Document360 in the panel: a workspace, some or all categories.
import { namesList, onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const document360: SourcePanel = {
  ...SOURCE_WORDS.document360,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('document360'),
  summary: 'Articles of a knowledge-base workspace.',
  inputType: 'poll',
  fields: [
    requiredText('workspace', 'Workspace', 'The workspace’s name.', 'Enter the workspace'),
    namesList('categories', 'categories', 'Category name', {
      hint: 'Only the articles of these categories. Empty: every category.',
    }),
  ],
  credential: {
    portal_id: { label: 'Portal ID' },
    document360_api_token: { label: 'API token', secret: true },
  },
};
