// Drupal Wiki in the panel: every space, or spaces and pages by numeric id.
import { namesList, onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const drupal_wiki: SourcePanel = {
  ...SOURCE_WORDS.drupal_wiki,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('drupal_wiki'),
  summary: 'Pages of Drupal Wiki spaces.',
  inputType: 'poll',
  fields: [
    requiredText(
      'base_url',
      'Drupal Wiki address',
      'For example https://help.drupal-wiki.com.',
      'Enter the address of the Drupal Wiki',
      'url',
    ),
    {
      key: 'indexing_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        { value: 'everything', label: 'Every space', fields: [] },
        {
          value: 'specific',
          label: 'Named spaces and pages',
          fields: [
            namesList('spaces', 'spaces', 'Space ID', { hint: 'Numeric IDs.', emptyWords: 'None' }),
            namesList('pages', 'pages', 'Page ID', { hint: 'Numeric IDs.', emptyWords: 'None' }),
          ],
        },
      ],
    },
    {
      key: 'include_attachments',
      control: 'checkbox',
      label: 'Include attachments',
      default: false,
    },
  ],
  credential: { drupal_wiki_api_token: { label: 'Personal access token', secret: true } },
};
