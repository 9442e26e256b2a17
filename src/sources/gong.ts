// Gong in the panel: which workspaces (none named: all of them).
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const gong: SourcePanel = {
  ...SOURCE_WORDS.gong,
  category: 'Sales',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/gong',
  summary: 'Call transcripts.',
  inputType: 'poll',
  fields: [
    {
      key: 'workspaces',
      control: 'list',
      label: 'Workspaces (optional)',
      hint: 'A workspace ID or its exact name. Without one, every workspace is indexed.',
      itemLabel: 'Workspace',
      addLabel: 'Add workspace',
      listName: 'Workspaces to index',
      listNoun: 'the workspaces',
      emptyText: 'No workspaces: every workspace is indexed.',
      emptyWords: 'All workspaces',
      itemType: 'text',
    },
  ],
  credential: {
    gong_access_key: { label: 'Access key' },
    gong_access_key_secret: { label: 'Access key secret', secret: true },
    gong_base_url: {
      label: 'API address',
      hint: 'Only outside the US region, for example https://eu.api.gong.io.',
    },
  },
};
