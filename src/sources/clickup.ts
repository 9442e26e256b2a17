// ClickUp in the panel: a workspace, or lists, folders or spaces by id.
import { namesList, onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const clickup: SourcePanel = {
  ...SOURCE_WORDS.clickup,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('clickup'),
  summary: 'Tasks of lists, folders, spaces or a workspace.',
  inputType: 'poll',
  fields: [
    {
      key: 'connector_type',
      control: 'select',
      label: 'The IDs name',
      options: [
        { value: 'workspace', label: 'The workspace' },
        { value: 'space', label: 'Spaces' },
        { value: 'folder', label: 'Folders' },
        { value: 'list', label: 'Lists' },
      ],
      default: 'workspace',
    },
    namesList('connector_ids', 'IDs', 'ID', { hint: 'Empty: everything of that kind.' }),
    {
      key: 'retrieve_task_comments',
      control: 'checkbox',
      label: 'Include task comments',
      default: false,
    },
  ],
  credential: {
    clickup_api_token: { label: 'API token', secret: true },
    clickup_team_id: { label: 'Team (workspace) ID' },
  },
};
