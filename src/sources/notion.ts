// Notion in the panel: the pages shared with the integration, or one page and its children.
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const notion: SourcePanel = {
  ...SOURCE_WORDS.notion,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('notion'),
  summary: 'Pages and databases shared with the integration.',
  inputType: 'poll',
  fields: [
    optionalTextBox(
      'root_page_id',
      'Root page ID',
      'Only this page and the pages under it. Empty: every page shared with the integration.',
      'Every shared page',
    ),
  ],
  credential: {
    notion_integration_token: {
      label: 'Integration token',
      hint: 'The internal integration’s secret (secret_… or ntn_…).',
      secret: true,
    },
  },
};
