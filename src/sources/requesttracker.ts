// Request Tracker in the panel: every ticket the user can read.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const requesttracker: SourcePanel = {
  ...SOURCE_WORDS.requesttracker,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('requesttracker'),
  summary: 'Tickets of a Request Tracker site.',
  inputType: 'poll',
  fields: [],
  credential: {
    requesttracker_base_url: { label: 'RT address', hint: 'For example https://rt.acme.example.' },
    requesttracker_username: { label: 'User name' },
    requesttracker_password: { label: 'Password', secret: true },
  },
};
