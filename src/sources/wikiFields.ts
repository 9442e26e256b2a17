// The fields MediaWiki and Wikipedia share: language, categories, pages and
// how deep sub-categories are followed.
import { namesList, requiredText } from './fieldParts';
import type { SourceField } from './types';

export const wikiFields = (recurseRequired: boolean): SourceField[] => [
  requiredText('language_code', 'Language code', 'For example en or es.', 'Enter a language code'),
  namesList('categories', 'categories', 'Category name', {
    hint: 'The name alone (“Physics”), not its address. Empty: no category.',
    emptyText: 'No categories.',
    emptyWords: 'None',
  }),
  namesList('pages', 'pages', 'Page name', {
    hint: 'The name alone, not its address. Empty: no single page.',
    emptyText: 'No pages.',
    emptyWords: 'None',
  }),
  {
    key: 'recurse_depth',
    control: 'number',
    label: recurseRequired ? 'Sub-category depth' : 'Sub-category depth (optional)',
    hint: '0: the categories alone; 1: and their sub-categories; −1: without end (a category that holds itself would never end).',
    emptyWords: '0',
    ...(recurseRequired
      ? { default: '0', requiredMessage: 'Enter a depth: 0, a number of levels, or -1' }
      : {}),
  },
];
