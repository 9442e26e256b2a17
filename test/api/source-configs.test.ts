// The catalogue's config and credential rules (src/contract/sources/), source by
// source: what each one requires, what types its keys take, and that keys a
// source does not know are kept as sent (as D4 keeps Jira's).
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SOURCES, type CatalogueSource } from '../../src/contract/sources/catalogue';
import { useTestServer } from '../support/useTestServer';
import { api, plainRequest, snapshotDb } from '../support/http';
import { MINIMAL_CONFIGS } from '../support/sourceConfigs';

const server = useTestServer();

const create = (source: CatalogueSource, config: Record<string, unknown>) =>
  api(server, 'POST', '/manage/admin/connector', {
    body: plainRequest(source, { connector_specific_config: config }),
  });

const CONFIG = ['body', 'connector_specific_config'];

describe('each catalogue source takes its smallest config, and keeps keys it does not know', () => {
  it.each(CATALOGUE_SOURCES)('%s', async (source) => {
    const config = { ...MINIMAL_CONFIGS[source], sourcedesk_note: { kept: [1, 'two'] } };
    const response = await create(source, config);
    expect(response.status).toBe(200);
    const { id } = response.json as { id: number };
    const detail = await api(server, 'GET', `/manage/admin/connector/${id}`);
    expect(
      (detail.json as { connector_specific_config: unknown }).connector_specific_config,
    ).toEqual(config);
  });
});

describe('a required key left out → 422 missing at that key, nothing stored', () => {
  const rows = CATALOGUE_SOURCES.flatMap((source) =>
    Object.keys(MINIMAL_CONFIGS[source]).map((key) => [source, key] as const),
  );
  it.each(rows)('%s without %s', async (source, key) => {
    const before = await snapshotDb(server);
    const config: Record<string, unknown> = { ...MINIMAL_CONFIGS[source] };
    delete config[key];
    const response = await create(source, config);
    expect(response.status).toBe(422);
    // A rule over several keys (what to index) names the config; a missing key names itself.
    const loc = (response.json as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc);
    expect(loc).toContainEqual(source === 'google_drive' ? CONFIG : [...CONFIG, key]);
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('a key of the wrong kind → 422 naming the key and its type (D3)', () => {
  it.each([
    ['confluence', 'is_cloud', 'yes', 'bool_type'],
    ['confluence', 'wiki_base', 'acme.atlassian.net', 'url_parsing'],
    ['slack', 'channels', 'eng', 'list_type'],
    ['slack', 'include_bot_messages', 'true', 'bool_type'],
    ['github', 'repo_owner', '  ', 'missing'],
    ['github', 'repositories', ['a', 'b'], 'string_type'],
    ['gitlab', 'include_mrs', 1, 'bool_type'],
    ['sharepoint', 'graph_api_host', 'graph', 'url_parsing'],
    ['zendesk', 'content_type', 'macros', 'enum'],
    ['zendesk', 'calls_per_minute', 0, 'greater_than_equal'],
    ['salesforce', 'custom_query_config', '{"Account": ', 'value_error'],
    ['hubspot', 'object_types', ['tickets', 'leads'], 'enum'],
    ['gong', 'workspaces', [1], 'string_type'],
    ['web', 'web_connector_type', 'upload', 'enum'],
    ['web', 'base_url', 'javascript:alert(1)', 'url_parsing'],
    ['file', 'file_locations', [''], 'missing'],
    ['slab', 'base_url', 'acme.slab.com', 'url_parsing'],
    ['clickup', 'connector_type', 'board', 'enum'],
    ['wikipedia', 'recurse_depth', -2, 'greater_than_equal'],
    ['wikipedia', 'recurse_depth', '1', 'int_type'],
    ['discord', 'start_date', '31/01/2024', 'value_error'],
    ['drupal_wiki', 'spaces', ['docs'], 'value_error'],
    ['imap', 'port', 70_000, 'value_error'],
    ['s3', 'bucket_type', 'r2', 'enum'],
    ['teams', 'graph_api_host', 'graph', 'url_parsing'],
    ['airtable', 'treat_all_non_attachment_fields_as_metadata', 'yes', 'bool_type'],
  ] as const)('%s %s = %j → %s', async (source, key, value, type) => {
    const response = await create(source, { ...MINIMAL_CONFIGS[source], [key]: value });
    expect(response.status).toBe(422);
    const detail = (response.json as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(detail[0]).toMatchObject({ type });
    expect(detail[0]!.loc.slice(0, 3)).toEqual([...CONFIG, key]);
  });

  it('GitHub with nothing to index (every include box off) → 422 saying so', async () => {
    const response = await create('github', {
      repo_owner: 'acme',
      include_prs: false,
      include_issues: false,
      include_files: false,
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        {
          loc: CONFIG,
          msg: 'Choose at least one of pull requests, issues or documents to index',
          type: 'value_error',
        },
      ],
    });
  });
});

describe('credentials: each catalogue source requires its keys (Onyx names)', () => {
  const post = (source: string, credential_json: Record<string, unknown>) =>
    api(server, 'POST', '/manage/credential', {
      body: { name: `${source} key`, source, credential_json, admin_public: true },
    });

  it.each([
    ['confluence', ['confluence_access_token']],
    ['github', ['github_access_token']],
    ['gitlab', ['gitlab_url', 'gitlab_access_token']],
    ['google_drive', ['google_service_account_key', 'google_primary_admin']],
    ['sharepoint', ['sp_client_id', 'sp_client_secret', 'sp_directory_id']],
    ['zendesk', ['zendesk_subdomain', 'zendesk_email', 'zendesk_token']],
    ['salesforce', ['sf_username', 'sf_password', 'sf_security_token']],
    ['hubspot', ['hubspot_access_token']],
    ['gong', ['gong_access_key', 'gong_access_key_secret']],
  ])('%s without values → 422 missing at each of %j', async (source, keys) => {
    const response = await post(source, {});
    expect(response.status).toBe(422);
    const detail = (response.json as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(detail.map((d) => d.loc)).toEqual(keys.map((key) => ['body', 'credential_json', key]));
    expect(detail.every((d) => d.type === 'missing')).toBe(true);
  });

  it('a Jira account e-mail that is no address → 422 value_error (an empty one means Server)', async () => {
    const bad = await post('jira', { jira_user_email: 'not-an-email', jira_api_token: 'token' });
    expect(bad.status).toBe(422);
    expect((bad.json as { detail: unknown[] }).detail).toEqual([
      expect.objectContaining({ loc: ['body', 'credential_json', 'jira_user_email'] }),
    ]);
    expect((await post('jira', { jira_user_email: '', jira_api_token: 'token' })).status).toBe(200);
  });

  it('Salesforce keeps is_sandbox as a yes/no value; a Google key must be a service account’s', async () => {
    const sandbox = await post('salesforce', {
      sf_username: 'bot@acme.example',
      sf_password: 'password-123',
      sf_security_token: 'token-456',
      is_sandbox: true,
    });
    expect(sandbox.status).toBe(200);
    expect(
      (sandbox.json as { credential: { credential_json: unknown } }).credential.credential_json,
    ).toMatchObject({ is_sandbox: true });
    const drive = await post('google_drive', {
      google_service_account_key: '{"type": "authorized_user"}',
      google_primary_admin: 'admin@acme.example',
    });
    expect(drive.status).toBe(422);
    expect((drive.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual([
      'body',
      'credential_json',
      'google_service_account_key',
    ]);
  });
});
