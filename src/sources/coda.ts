// Coda in the panel: every doc the token reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';

export const coda: SourcePanel = {
  label: 'Coda',
  initials: 'CO',
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('coda'),
  summary: 'Pages and tables of Coda docs.',
  inputType: 'poll',
  fields: [],
  credential: { coda_bearer_token: { label: 'API token', secret: true } },
};
