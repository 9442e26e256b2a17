// Coda in the panel: every doc the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const coda: SourcePanel = {
  ...SOURCE_WORDS.coda,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('coda'),
  summary: 'Pages and tables of Coda docs.',
  inputType: 'poll',
  fields: [],
  credential: { coda_bearer_token: { label: 'API token', secret: true } },
};
