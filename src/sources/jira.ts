// Jira in the panel: the site, what to index (everything, one project, or a
// JQL query), and whose comments to leave out.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const jira: SourcePanel = {
  ...SOURCE_WORDS.jira,
  category: 'Ticketing & Task Management',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/jira',
  summary: 'Issues and their comments from Jira Cloud, Server or Data Center.',
  inputType: 'poll',
  fields: [
    {
      key: 'jira_base_url',
      control: 'url',
      label: 'Jira base URL',
      hint: 'The address of your Jira site, starting with https:// or http://, for example https://acme.atlassian.net.',
      requiredMessage:
        'Enter the base address of your Jira site, for example https://acme.atlassian.net',
    },
    {
      key: 'indexing_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'everything',
          label: 'Everything',
          note: 'Every issue the credential can read.',
          fields: [],
        },
        {
          value: 'project',
          label: 'One project',
          fields: [
            {
              key: 'project_key',
              control: 'text',
              label: 'Project key',
              hint: 'Letters are turned into upper case as you type, for example ENG.',
              upperCase: true,
              emptyWords: 'None: all projects are indexed',
            },
          ],
        },
        {
          value: 'jql',
          label: 'A JQL query',
          fields: [
            {
              key: 'jql_query',
              control: 'textarea',
              label: 'JQL query',
              hint: 'Issues this query finds, for example project = ENG AND labels = docs. No time filters and no ORDER BY: Onyx adds its own.',
              emptyWords: 'None',
            },
          ],
        },
      ],
    },
    {
      key: 'comment_email_blacklist',
      control: 'list',
      label: 'Comment e-mail blacklist (optional)',
      hint: 'Comments written by these addresses are left out of the index.',
      itemLabel: 'E-mail address to leave out',
      addLabel: 'Add address',
      listName: 'Blacklisted addresses',
      listNoun: 'the blacklist',
      emptyText: 'No addresses: comments by everyone are indexed.',
      emptyWords: 'None',
      itemType: 'email',
    },
    {
      key: 'scoped_token',
      control: 'checkbox',
      label: 'The token is a scoped token',
      hint: 'Atlassian scoped API tokens are used through api.atlassian.com.',
      default: false,
      advanced: true,
    },
  ],
  credential: {
    jira_user_email: {
      label: 'Account e-mail (Jira Cloud)',
      hint: 'The Atlassian account the token belongs to. Leave empty for Jira Server or Data Center.',
    },
    jira_api_token: {
      label: 'API token or personal access token',
      hint: 'Jira Cloud: an API token from id.atlassian.com. Server / Data Center: a personal access token.',
      secret: true,
    },
  },
};
