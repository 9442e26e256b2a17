// Airtable in the panel: every base the token reads, or one table.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const airtable: SourcePanel = {
  ...SOURCE_WORDS.airtable,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('airtable'),
  summary: 'Records of bases and tables.',
  inputType: 'load_state',
  refresh: 86_400,
  fields: [
    {
      key: 'airtable_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        { value: 'everything', label: 'Every base the token reads', fields: [] },
        {
          value: 'specific',
          label: 'One table',
          fields: [
            {
              key: 'airtable_url',
              control: 'url',
              label: 'Table address',
              hint: 'As the browser shows it: https://airtable.com/appXXX/tblYYY/viwZZZ.',
              emptyWords: 'None',
            },
            {
              key: 'share_id',
              control: 'text',
              label: 'Shared view ID (optional)',
              hint: 'Links then open the shared view, for example shrkfjEzDmLaDtK83.',
              emptyWords: 'None',
            },
          ],
        },
      ],
    },
    {
      key: 'treat_all_non_attachment_fields_as_metadata',
      control: 'checkbox',
      label: 'Attachments are the content; every other field is metadata',
      default: false,
    },
  ],
  credential: { airtable_access_token: { label: 'Personal access token', secret: true } },
};
