// Google Sites in the panel: a site exported as a zip of HTML, and its address.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const google_sites: SourcePanel = {
  ...SOURCE_WORDS.google_sites,
  category: 'Knowledge Base & Wikis',
  popular: false,
  docs: onyxGuide('google_sites'),
  summary: 'Pages of a site exported from Google Takeout.',
  inputType: 'load_state',
  fields: [
    {
      key: 'file_locations',
      control: 'list',
      itemType: 'text',
      label: 'Zip file',
      hint: 'Upload the site exported from Google Takeout as a zip, or type the stored location of one uploaded before.',
      upload: { zipOnly: true },
      itemLabel: 'Zip file location',
      addLabel: 'Add zip file',
      listName: 'Zip files',
      listNoun: 'the zip files',
      emptyText: 'No zip file yet.',
      requiredMessage: 'Add the zip file of the site',
    },
    requiredText(
      'base_url',
      'Site address',
      'For example https://sites.google.com/acme.example/handbook.',
      'Enter the address of the site',
      'url',
    ),
  ],
  credential: {},
};
