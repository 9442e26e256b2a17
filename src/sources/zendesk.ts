// Zendesk in the panel: help-centre articles or tickets.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const zendesk: SourcePanel = {
  ...SOURCE_WORDS.zendesk,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/zendesk',
  summary: 'Help-centre articles or support tickets.',
  inputType: 'poll',
  fields: [
    {
      key: 'content_type',
      control: 'select',
      label: 'Content',
      options: [
        { value: 'articles', label: 'Help-centre articles' },
        { value: 'tickets', label: 'Tickets' },
      ],
      default: 'articles',
    },
    {
      key: 'calls_per_minute',
      control: 'number',
      label: 'API calls a minute (optional)',
      hint: 'A cap for this connector alone; empty: Zendesk’s own limit.',
      emptyWords: 'No cap',
      advanced: true,
    },
  ],
  credential: {
    zendesk_subdomain: { label: 'Subdomain', hint: 'acme for acme.zendesk.com.' },
    zendesk_email: { label: 'Agent e-mail', hint: 'The account the API token belongs to.' },
    zendesk_token: { label: 'API token', secret: true },
  },
};
