// GitBook in the panel: one space.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const gitbook: SourcePanel = {
  ...SOURCE_WORDS.gitbook,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('gitbook'),
  summary: 'Pages of a GitBook space.',
  inputType: 'poll',
  fields: [
    requiredText(
      'space_id',
      'Space ID',
      'In the address of a page: …/s/8JkzVx8QCIGRrmxhGHU8/ → 8JkzVx8QCIGRrmxhGHU8.',
      'Enter the ID of the space',
    ),
  ],
  credential: {
    gitbook_api_key: { label: 'API token', hint: 'A personal access token.', secret: true },
  },
};
