// Bitbucket Cloud in the panel: a workspace's repositories, some or all.
import { onyxGuide, requiredText } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const bitbucket: SourcePanel = {
  ...SOURCE_WORDS.bitbucket,
  category: 'Code Repository',
  popular: false,
  docs: onyxGuide('bitbucket'),
  summary: 'Pull requests of a Bitbucket Cloud workspace.',
  inputType: 'poll',
  fields: [
    requiredText(
      'workspace',
      'Workspace',
      'acme for https://bitbucket.org/acme/.',
      'Enter the workspace',
    ),
    {
      key: 'bitbucket_mode',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'repo',
          label: 'Named repositories',
          fields: [
            {
              key: 'repositories',
              control: 'text',
              label: 'Repository slugs',
              hint: 'Separate several with commas: repo1,repo2.',
              emptyWords: 'None',
            },
          ],
        },
        {
          value: 'project',
          label: 'Projects',
          fields: [
            {
              key: 'projects',
              control: 'text',
              label: 'Project keys',
              hint: 'Every repository of these projects; separate several with commas.',
              emptyWords: 'None',
            },
          ],
        },
        { value: 'workspace', label: 'The whole workspace', fields: [] },
      ],
    },
  ],
  credential: {
    bitbucket_email: { label: 'Account e-mail' },
    bitbucket_api_token: { label: 'API token', secret: true },
  },
};
