// Files in the panel: files stored on this server, indexed once.
import { onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const file: SourcePanel = {
  ...SOURCE_WORDS.file,
  category: 'Others',
  popular: false,
  docs: onyxGuide('file'),
  summary: 'Documents stored on this server (PDF, Word, text, zip).',
  inputType: 'load_state',
  fields: [
    {
      key: 'file_locations',
      control: 'list',
      itemType: 'text',
      label: 'Files (optional)',
      hint: 'Upload the files to index, or type the stored location of a file uploaded before.',
      upload: { namesKey: 'file_names', metadataKey: 'zip_metadata_file_id' },
      itemLabel: 'File location',
      addLabel: 'Add file',
      listName: 'Files to index',
      listNoun: 'the files',
      emptyText: 'No files yet: they may be added later.',
      emptyWords: 'No files yet',
    },
  ],
  credential: {},
};
