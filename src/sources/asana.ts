// Asana in the panel: a workspace, some or all projects.
import { onyxGuide, optionalTextBox, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const asana: SourcePanel = {
  ...SOURCE_WORDS.asana,
  category: 'Ticketing & Task Management',
  popular: false,
  docs: onyxGuide('asana'),
  summary: 'Tasks of a workspace’s projects.',
  inputType: 'poll',
  fields: [
    requiredText(
      'asana_workspace_id',
      'Workspace ID',
      'A number such as 1234567890123456 (listed at app.asana.com/api/1.0/workspaces).',
      'Enter the ID of the workspace',
    ),
    optionalTextBox(
      'asana_project_ids',
      'Project IDs',
      'Separate several with commas. Empty: every project of the workspace.',
      'Every project',
    ),
    optionalTextBox(
      'asana_team_id',
      'Team ID',
      'Also reads the tasks visible to this team.',
      'None',
      { advanced: true },
    ),
  ],
  credential: {
    asana_api_token_secret: { label: 'Personal access token', secret: true },
  },
};
