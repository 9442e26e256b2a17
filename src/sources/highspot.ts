// Highspot in the panel: some spots or all of them.
import { namesList, onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const highspot: SourcePanel = {
  ...SOURCE_WORDS.highspot,
  category: 'Sales',
  popular: false,
  docs: onyxGuide('highspot'),
  summary: 'Content of Highspot spots.',
  inputType: 'poll',
  fields: [
    {
      key: 'highspot_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'spots',
          label: 'Named spots',
          fields: [namesList('spot_names', 'spots', 'Spot name', { label: 'Spots' })],
        },
        { value: 'everything', label: 'Every spot', fields: [] },
      ],
    },
  ],
  credential: {
    highspot_url: {
      label: 'Highspot API address',
      hint: 'For example https://api-su2.highspot.com/v1.0/.',
    },
    highspot_key: { label: 'API key' },
    highspot_secret: { label: 'API secret', secret: true },
  },
};
