// Confluence in the panel: the site, Cloud or not, and what to index (one
// space by default, as Onyx offers).
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const confluence: SourcePanel = {
  ...SOURCE_WORDS.confluence,
  category: 'Knowledge Base & Wikis',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/confluence',
  summary: 'Pages and attachments from Confluence Cloud, Server or Data Center.',
  inputType: 'poll',
  fields: [
    {
      key: 'wiki_base',
      control: 'url',
      label: 'Wiki base URL',
      hint: 'The address of your Confluence, for example https://acme.atlassian.net/wiki.',
      requiredMessage:
        'Enter the base address of your Confluence, for example https://acme.atlassian.net/wiki',
    },
    {
      key: 'is_cloud',
      control: 'checkbox',
      label: 'Confluence Cloud',
      hint: 'Untick for Confluence Server or Data Center.',
      default: true,
    },
    {
      key: 'indexing_scope',
      control: 'tabs',
      label: 'What to index',
      tabs: [
        {
          value: 'space',
          label: 'One space',
          fields: [
            {
              key: 'space',
              control: 'text',
              label: 'Space key',
              hint: 'For example KB.',
              emptyAs: '',
              emptyWords: 'None',
            },
          ],
        },
        {
          value: 'page',
          label: 'One page',
          fields: [
            {
              key: 'page_id',
              control: 'text',
              label: 'Page ID',
              hint: 'The number in the page’s address, for example 131368.',
              emptyAs: '',
              emptyWords: 'None',
            },
            {
              key: 'index_recursively',
              control: 'checkbox',
              label: 'Its child pages too',
              default: true,
            },
          ],
        },
        {
          value: 'cql',
          label: 'A CQL query',
          fields: [
            {
              key: 'cql_query',
              control: 'textarea',
              label: 'CQL query',
              hint: 'Must contain type=page; no lastModified filters.',
              emptyWords: 'None',
            },
          ],
        },
        {
          value: 'everything',
          label: 'Everything',
          note: 'Every page the credential can read.',
          fields: [],
        },
      ],
    },
    {
      key: 'include_attachments',
      control: 'checkbox',
      label: 'Include attachments',
      hint: 'Images and documents attached to pages.',
      default: true,
    },
    {
      key: 'scoped_token',
      control: 'checkbox',
      label: 'The token is a scoped token',
      default: false,
      advanced: true,
    },
  ],
  credential: {
    confluence_username: {
      label: 'User name or e-mail (Confluence Cloud)',
      hint: 'Leave empty for Confluence Server or Data Center.',
    },
    confluence_access_token: {
      label: 'Access token',
      hint: 'An API token or personal access token.',
      secret: true,
    },
  },
};
