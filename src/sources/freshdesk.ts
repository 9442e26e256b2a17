// Freshdesk in the panel: every ticket the key reads.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const freshdesk: SourcePanel = {
  ...SOURCE_WORDS.freshdesk,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('freshdesk'),
  summary: 'Support tickets.',
  inputType: 'poll',
  fields: [],
  credential: {
    freshdesk_domain: { label: 'Domain', hint: 'acme for acme.freshdesk.com.' },
    freshdesk_api_key: { label: 'API key', secret: true },
  },
};
