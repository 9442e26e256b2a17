// Fireflies in the panel: every transcript the key reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';

export const fireflies: SourcePanel = {
  label: 'Fireflies',
  initials: 'FF',
  category: 'Sales',
  popular: false,
  docs: onyxGuide('fireflies'),
  summary: 'Meeting transcripts.',
  inputType: 'poll',
  fields: [],
  credential: { fireflies_api_key: { label: 'API key', secret: true } },
};
