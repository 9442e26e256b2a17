// Salesforce in the panel: object types by name, or a custom query configuration.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const salesforce: SourcePanel = {
  ...SOURCE_WORDS.salesforce,
  category: 'Sales',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/salesforce',
  summary: 'Accounts, contacts, opportunities and other objects.',
  inputType: 'poll',
  fields: [
    {
      key: 'salesforce_config_type',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'simple',
          // Not "Object types": the list's own box is "Object type".
          label: 'Named object types',
          fields: [
            {
              key: 'requested_objects',
              control: 'list',
              label: 'Object types (optional)',
              hint: 'In the singular, for example Account. Without one, Accounts are indexed.',
              itemLabel: 'Object type',
              addLabel: 'Add object type',
              listName: 'Object types to index',
              listNoun: 'the object types',
              emptyText: 'No object types: Accounts are indexed.',
              emptyWords: 'Account (the default)',
              itemType: 'text',
            },
          ],
        },
        {
          value: 'advanced',
          label: 'A custom query',
          fields: [
            {
              key: 'custom_query_config',
              control: 'textarea',
              label: 'Custom query configuration (JSON)',
              hint: 'For example {"Account": {"fields": ["Name"], "associations": {"Contact": ["Email"]}}}.',
              emptyWords: 'None',
            },
          ],
        },
      ],
    },
  ],
  credential: {
    sf_username: { label: 'User name' },
    sf_password: { label: 'Password', secret: true },
    sf_security_token: { label: 'Security token', secret: true },
    is_sandbox: { label: 'A sandbox', checkbox: true },
  },
};
