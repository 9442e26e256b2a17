// GitLab in the panel: one project by owner and name; the site is the credential's.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const gitlab: SourcePanel = {
  ...SOURCE_WORDS.gitlab,
  category: 'Code Repository',
  popular: false,
  docs: 'https://docs.onyx.app/admins/connectors/official/gitlab',
  summary: 'Merge requests and issues of a project.',
  inputType: 'poll',
  fields: [
    {
      key: 'project_owner',
      control: 'text',
      label: 'Project owner',
      hint: 'The user or group, for example acme.',
      requiredMessage: 'Enter the user or group that owns the project',
    },
    {
      key: 'project_name',
      control: 'text',
      label: 'Project name',
      hint: 'For example handbook.',
      requiredMessage: 'Enter the name of the project',
    },
    {
      key: 'include_mrs',
      control: 'checkbox',
      label: 'Include merge requests',
      default: true,
      advanced: true,
    },
    {
      key: 'include_issues',
      control: 'checkbox',
      label: 'Include issues',
      default: true,
      advanced: true,
    },
  ],
  credential: {
    gitlab_url: { label: 'GitLab address', hint: 'For example https://gitlab.com.' },
    gitlab_access_token: {
      label: 'Access token',
      hint: 'A personal or project access token with read_api.',
      secret: true,
    },
  },
};
