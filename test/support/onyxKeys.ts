// Onyx's keys, source by source (web/src/lib/connectors/connectors.tsx and
// credentials.ts in onyx-dot-app/onyx, read by hand): the config keys its
// wizard sends for a source (the fields inside its tabs included, its hidden
// bucket_type too) and the keys of the credential it makes. Written apart from
// the catalogue, so a test comparing the two finds a key either side drifts.
import type { CatalogueSource } from '../../src/contract/sources/catalogue';

export const ONYX_KEYS: Record<CatalogueSource, { config: string[]; credential: string[] }> = {
  jira: {
    config: [
      'jira_base_url',
      'scoped_token',
      'project_key',
      'jql_query',
      'comment_email_blacklist',
    ],
    credential: ['jira_user_email', 'jira_api_token'],
  },
  confluence: {
    config: [
      'is_cloud',
      'wiki_base',
      'scoped_token',
      'space',
      'page_id',
      'index_recursively',
      'cql_query',
      'include_attachments',
    ],
    credential: ['confluence_username', 'confluence_access_token'],
  },
  slack: {
    config: [
      'channels',
      'channel_regex_enabled',
      'exclude_channels',
      'exclude_channel_regex_enabled',
      'include_bot_messages',
    ],
    credential: ['slack_bot_token'],
  },
  github: {
    config: [
      'repo_owner',
      'repositories',
      'include_prs',
      'include_issues',
      'include_files',
      'branch',
    ],
    credential: ['github_access_token'],
  },
  gitlab: {
    config: ['project_owner', 'project_name', 'include_mrs', 'include_issues'],
    credential: ['gitlab_url', 'gitlab_access_token'],
  },
  google_drive: {
    config: [
      'include_shared_drives',
      'include_my_drives',
      'include_files_shared_with_me',
      'shared_drive_urls',
      'shared_folder_urls',
      'my_drive_emails',
      'specific_user_emails',
      'exclude_domain_link_only',
    ],
    credential: ['google_service_account_key', 'google_primary_admin', 'authentication_method'],
  },
  sharepoint: {
    config: [
      'sites',
      'include_site_documents',
      'include_site_pages',
      'treat_sharing_link_as_public',
      'excluded_sites',
      'excluded_paths',
      'authority_host',
      'graph_api_host',
      'sharepoint_domain_suffix',
    ],
    credential: ['authentication_method', 'sp_client_id', 'sp_client_secret', 'sp_directory_id'],
  },
  zendesk: {
    config: ['content_type', 'calls_per_minute'],
    credential: ['zendesk_subdomain', 'zendesk_email', 'zendesk_token'],
  },
  salesforce: {
    config: ['requested_objects', 'custom_query_config'],
    credential: ['sf_username', 'sf_password', 'sf_security_token', 'is_sandbox'],
  },
  hubspot: { config: ['object_types'], credential: ['hubspot_access_token'] },
  gong: {
    config: ['workspaces'],
    credential: ['gong_access_key', 'gong_access_key_secret', 'gong_base_url'],
  },
  web: {
    config: ['base_url', 'web_connector_type', 'scroll_before_scraping', 'url_rewrites'],
    credential: [],
  },
  gmail: { config: [], credential: ['google_service_account_key', 'google_primary_admin'] },
  requesttracker: {
    config: [],
    credential: ['requesttracker_username', 'requesttracker_password', 'requesttracker_base_url'],
  },
  gitbook: { config: ['space_id'], credential: ['gitbook_api_key'] },
  guru: { config: [], credential: ['guru_user', 'guru_user_token'] },
  bookstack: {
    config: [],
    credential: ['bookstack_base_url', 'bookstack_api_token_id', 'bookstack_api_token_secret'],
  },
  outline: { config: [], credential: ['outline_base_url', 'outline_api_token'] },
  slab: { config: ['base_url'], credential: ['slab_bot_token'] },
  productboard: { config: [], credential: ['productboard_access_token'] },
  // Onyx's File form (web/src/app/admin/connectors/[connector]/pages/utils/files.ts) sends these three.
  file: { config: ['file_locations', 'file_names', 'zip_metadata_file_id'], credential: [] },
  coda: { config: [], credential: ['coda_bearer_token'] },
  notion: { config: ['root_page_id'], credential: ['notion_integration_token'] },
  zulip: { config: ['realm_name', 'realm_url'], credential: ['zuliprc_content'] },
  linear: { config: [], credential: ['linear_api_key'] },
  document360: {
    config: ['workspace', 'categories'],
    credential: ['portal_id', 'document360_api_token'],
  },
  google_sites: { config: ['file_locations', 'base_url'], credential: [] },
  loopio: {
    config: ['loopio_stack_name'],
    credential: ['loopio_subdomain', 'loopio_client_id', 'loopio_client_token'],
  },
  dropbox: { config: [], credential: ['dropbox_access_token'] },
  teams: {
    config: ['teams', 'authority_host', 'graph_api_host'],
    credential: ['teams_client_id', 'teams_client_secret', 'teams_directory_id'],
  },
  discourse: {
    config: ['base_url', 'categories'],
    credential: ['discourse_api_key', 'discourse_api_username'],
  },
  axero: { config: ['spaces'], credential: ['base_url', 'axero_api_token'] },
  clickup: {
    config: ['connector_type', 'connector_ids', 'retrieve_task_comments'],
    credential: ['clickup_api_token', 'clickup_team_id'],
  },
  mediawiki: {
    config: ['language_code', 'hostname', 'categories', 'pages', 'recurse_depth'],
    credential: [],
  },
  wikipedia: { config: ['language_code', 'categories', 'pages', 'recurse_depth'], credential: [] },
  asana: {
    config: ['asana_workspace_id', 'asana_project_ids', 'asana_team_id'],
    credential: ['asana_api_token_secret'],
  },
  s3: {
    config: ['bucket_name', 'prefix', 'region_name', 'bucket_type'],
    credential: ['authentication_method', 'aws_access_key_id', 'aws_secret_access_key'],
  },
  r2: {
    config: ['bucket_name', 'prefix', 'european_residency', 'bucket_type'],
    credential: ['account_id', 'r2_access_key_id', 'r2_secret_access_key'],
  },
  google_cloud_storage: {
    config: ['bucket_name', 'prefix', 'bucket_type'],
    credential: ['access_key_id', 'secret_access_key'],
  },
  oci_storage: {
    config: ['bucket_name', 'prefix', 'bucket_type'],
    credential: ['namespace', 'region', 'access_key_id', 'secret_access_key'],
  },
  xenforo: { config: ['base_url'], credential: [] },
  discord: {
    config: ['server_ids', 'channel_names', 'start_date'],
    credential: ['discord_bot_token'],
  },
  freshdesk: { config: [], credential: ['freshdesk_domain', 'freshdesk_api_key'] },
  fireflies: { config: [], credential: ['fireflies_api_key'] },
  egnyte: { config: ['folder_path'], credential: ['domain', 'access_token'] },
  airtable: {
    config: ['airtable_url', 'share_id', 'treat_all_non_attachment_fields_as_metadata'],
    credential: ['airtable_access_token'],
  },
  highspot: {
    config: ['spot_names'],
    credential: ['highspot_url', 'highspot_key', 'highspot_secret'],
  },
  drupal_wiki: {
    config: ['base_url', 'spaces', 'pages', 'include_attachments'],
    credential: ['drupal_wiki_api_token'],
  },
  imap: { config: ['host', 'port', 'mailboxes'], credential: ['imap_username', 'imap_password'] },
  bitbucket: {
    config: ['workspace', 'repositories', 'projects'],
    credential: ['bitbucket_email', 'bitbucket_api_token'],
  },
  testrail: {
    config: ['project_ids', 'cases_page_size', 'max_pages', 'skip_doc_absolute_chars'],
    credential: ['testrail_base_url', 'testrail_username', 'testrail_api_key'],
  },
};
