// HubSpot in the panel: which object types (all by default).
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const hubspot: SourcePanel = {
  ...SOURCE_WORDS.hubspot,
  category: 'Sales',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/hubspot',
  summary: 'Tickets, companies, deals and contacts.',
  inputType: 'poll',
  fields: [
    {
      key: 'object_types',
      control: 'multiselect',
      label: 'Object types',
      options: [
        { value: 'tickets', label: 'Tickets' },
        { value: 'companies', label: 'Companies' },
        { value: 'deals', label: 'Deals' },
        { value: 'contacts', label: 'Contacts' },
      ],
      default: ['tickets', 'companies', 'deals', 'contacts'],
      emptyWords: 'All object types',
    },
  ],
  credential: {
    hubspot_access_token: {
      label: 'Access token',
      hint: 'The private app’s access token.',
      secret: true,
    },
  },
};
