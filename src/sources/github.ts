// GitHub in the panel: an owner, some or all of its repositories, and what of them.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const github: SourcePanel = {
  ...SOURCE_WORDS.github,
  category: 'Code Repository',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/github',
  summary: 'Pull requests, issues and documents of repositories.',
  inputType: 'poll',
  fields: [
    {
      key: 'repo_owner',
      control: 'text',
      label: 'Repository owner',
      hint: 'The user or organisation, for example acme.',
      requiredMessage: 'Enter the user or organisation that owns the repositories',
    },
    {
      key: 'github_mode',
      control: 'tabs',
      label: 'Which repositories',
      tabs: [
        {
          value: 'repo',
          label: 'Named repositories',
          fields: [
            {
              key: 'repositories',
              control: 'text',
              label: 'Repository names',
              hint: 'Separate several with commas, for example handbook,api.',
              emptyWords: 'All repositories',
            },
          ],
        },
        {
          value: 'everything',
          label: 'Every repository',
          note: 'Every repository of the owner the credential can read.',
          fields: [],
        },
      ],
    },
    { key: 'include_prs', control: 'checkbox', label: 'Include pull requests', default: true },
    { key: 'include_issues', control: 'checkbox', label: 'Include issues', default: false },
    {
      key: 'include_files',
      control: 'checkbox',
      label: 'Include documents',
      hint: 'Markdown and other text files.',
      default: false,
    },
    {
      key: 'branch',
      control: 'text',
      label: 'Branch (optional)',
      hint: 'Documents are read from this branch; empty: each repository’s default branch.',
      emptyWords: 'Default branch',
      advanced: true,
    },
  ],
  credential: {
    github_access_token: {
      label: 'Access token',
      hint: 'A personal access token with read access.',
      secret: true,
    },
  },
};
