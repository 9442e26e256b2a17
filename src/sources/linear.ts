// Linear in the panel: every issue the key reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const linear: SourcePanel = {
  ...SOURCE_WORDS.linear,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('linear'),
  summary: 'Issues and their comments.',
  inputType: 'poll',
  fields: [],
  credential: {
    linear_api_key: { label: 'API key', hint: 'A personal API key (lin_api_…).', secret: true },
  },
};
