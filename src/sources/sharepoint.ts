// SharePoint in the panel, through an app's client secret: some or all sites.
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

const list = { control: 'list', itemType: 'text', advanced: true, emptyWords: 'None' } as const;

export const sharepoint: SourcePanel = {
  ...SOURCE_WORDS.sharepoint,
  category: 'Knowledge Base & Wikis',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/sharepoint',
  summary: 'Documents and pages of SharePoint sites.',
  inputType: 'poll',
  fields: [
    {
      ...list,
      key: 'sites',
      label: 'Sites (optional)',
      hint: 'For example https://acme.sharepoint.com/sites/support. Without a site, every site is indexed.',
      itemLabel: 'Site address',
      addLabel: 'Add site',
      listName: 'Sites to index',
      listNoun: 'the sites',
      emptyText: 'No sites: every site is indexed.',
      emptyWords: 'All sites',
      advanced: false,
    },
    {
      key: 'include_site_documents',
      control: 'checkbox',
      label: 'Index documents',
      default: true,
      advanced: true,
    },
    {
      key: 'include_site_pages',
      control: 'checkbox',
      label: 'Index site pages (ASPX)',
      default: true,
      advanced: true,
    },
    {
      key: 'treat_sharing_link_as_public',
      control: 'checkbox',
      label: 'Treat sharing links as public',
      default: false,
      advanced: true,
    },
    {
      ...list,
      key: 'excluded_sites',
      label: 'Sites to leave out',
      itemLabel: 'Site address or pattern',
      addLabel: 'Add site to leave out',
      listName: 'Sites left out',
      listNoun: 'the sites left out',
      emptyText: 'No sites are left out.',
    },
    {
      ...list,
      key: 'excluded_paths',
      label: 'Paths to leave out',
      itemLabel: 'Path pattern',
      addLabel: 'Add path pattern',
      listName: 'Paths left out',
      listNoun: 'the paths left out',
      emptyText: 'No paths are left out.',
    },
    {
      key: 'authority_host',
      control: 'url',
      label: 'Authority host',
      default: 'https://login.microsoftonline.com',
      advanced: true,
    },
    {
      key: 'graph_api_host',
      control: 'url',
      label: 'Graph API host',
      default: 'https://graph.microsoft.com',
      advanced: true,
    },
    {
      key: 'sharepoint_domain_suffix',
      control: 'text',
      label: 'SharePoint domain suffix',
      default: 'sharepoint.com',
      advanced: true,
    },
  ],
  credential: {
    authentication_method: { label: 'Authentication method', fixed: 'client_secret' },
    sp_client_id: { label: 'Application (client) ID' },
    sp_client_secret: { label: 'Client secret', secret: true },
    sp_directory_id: { label: 'Directory (tenant) ID' },
  },
};
