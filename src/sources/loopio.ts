// Loopio in the panel: the library, or one stack of it.
import { onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const loopio: SourcePanel = {
  ...SOURCE_WORDS.loopio,
  category: 'Sales',
  popular: false,
  docs: onyxGuide('loopio'),
  summary: 'Library entries for proposals.',
  inputType: 'poll',
  refresh: 86_400,
  fields: [
    optionalTextBox(
      'loopio_stack_name',
      'Stack name',
      'Exactly as in Library Management. Empty: every stack.',
      'Every stack',
    ),
  ],
  credential: {
    loopio_subdomain: { label: 'Subdomain', hint: 'acme for acme.loopio.com.' },
    loopio_client_id: { label: 'Client ID' },
    loopio_client_token: { label: 'Client secret', secret: true },
  },
};
