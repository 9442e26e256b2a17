// Wikipedia in the panel: categories and pages of one language. No credential.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { wikiFields } from './wikiFields';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const wikipedia: SourcePanel = {
  ...SOURCE_WORDS.wikipedia,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('wikipedia'),
  summary: 'Articles of chosen categories and pages.',
  inputType: 'poll',
  fields: wikiFields(true),
  credential: {},
};
