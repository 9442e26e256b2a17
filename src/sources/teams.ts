// Microsoft Teams in the panel: some or all teams, through an app's client secret.
import { namesList, onyxGuide } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const teams: SourcePanel = {
  ...SOURCE_WORDS.teams,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('teams'),
  summary: 'Messages of the teams’ channels.',
  inputType: 'poll',
  fields: [
    namesList('teams', 'teams', 'Team name', {
      hint: 'For example Support. Empty: every team of the organisation.',
    }),
    {
      key: 'authority_host',
      control: 'url',
      label: 'Sign-in host (optional)',
      hint: 'https://login.microsoftonline.com; for GCC High or DoD, https://login.microsoftonline.us.',
      emptyWords: 'https://login.microsoftonline.com',
      advanced: true,
    },
    {
      key: 'graph_api_host',
      control: 'url',
      label: 'Graph API host (optional)',
      hint: 'https://graph.microsoft.com; for GCC High or DoD, https://graph.microsoft.us.',
      emptyWords: 'https://graph.microsoft.com',
      advanced: true,
    },
  ],
  credential: {
    teams_client_id: { label: 'Application (client) ID' },
    teams_client_secret: { label: 'Client secret', secret: true },
    teams_directory_id: { label: 'Directory (tenant) ID' },
  },
};
