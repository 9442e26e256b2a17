// Fireflies in the panel: every transcript the key reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const fireflies: SourcePanel = {
  ...SOURCE_WORDS.fireflies,
  category: 'Sales',
  popular: false,
  docs: onyxGuide('fireflies'),
  summary: 'Meeting transcripts.',
  inputType: 'poll',
  fields: [],
  credential: { fireflies_api_key: { label: 'API key', secret: true } },
};
