// Demo data for a first start: credentials of several sources with secrets
// that look real (and are random, so no scanner mistakes them for leaks), a
// dozen connectors, one left without a credential, and a user of every role.
import { randomBytes } from 'node:crypto';
import type { ConnectorCreate, DocumentSource, InputType, UserRole } from '../src/api/contract';
import type { SecretBox } from './crypto/secretBox';
import type { Db } from './db/database';
import { insertConnector, insertPair } from './repos/connectors';
import { createCredential } from './repos/credentials';
import { createUser } from './repos/users';

const token = (prefix: string, bytes = 24) => prefix + randomBytes(bytes).toString('base64url');

const DEMO_USERS: [string, UserRole][] = [
  ['dana.admin@example.com', 'admin'],
  ['lee.basic@example.com', 'basic'],
  ['kim.limited@example.com', 'limited'],
  ['cory.curator@example.com', 'curator'],
  ['gale.global@example.com', 'global_curator'],
  ['sam.slack@example.com', 'slack_user'],
  ['eve.sync@example.com', 'ext_perm_user'],
];

type DemoConnector = [string, DocumentSource, InputType, Record<string, unknown>, string | null];

export async function seedDemoData(db: Db, secrets: SecretBox, ownerId: string): Promise<void> {
  for (const [email, role] of DEMO_USERS) await createUser(db, email, role);
  const credential = async (source: DocumentSource, name: string, json: Record<string, unknown>) =>
    createCredential(db, secrets, { source, name, credential_json: json, user_id: ownerId });
  const credentials: Record<string, number> = {
    jiraCloud: await credential('jira', 'Jira Cloud — engineering bot', {
      jira_user_email: 'search-bot@acme.example',
      jira_api_token: token('ATATT3xFfGF0', 48),
    }),
    jiraServer: await credential('jira', 'Jira Data Center — support', {
      jira_api_token: token('NjQ1', 30),
      authentication_method: 'personal_access_token',
    }),
    slack: await credential('slack', 'Slack workspace bot', {
      slack_bot_token: token('xoxb-', 36),
    }),
    confluence: await credential('confluence', 'Confluence Cloud', {
      confluence_username: 'search-bot@acme.example',
      confluence_access_token: token('ATATT3xFfGF0', 40),
      wiki_base: 'https://acme.atlassian.net/wiki',
    }),
    github: await credential('github', 'GitHub read-only app', {
      github_access_token: token('ghp_', 27),
    }),
    drive: await credential('google_drive', 'Google Drive service account', {
      google_primary_admin: 'it-admin@acme.example',
      // A key file as Onyx stores it: the JSON text of the service account's key.
      google_service_account_key: JSON.stringify({
        type: 'service_account',
        private_key_id: token('', 20),
        client_id: '104892311092833000000',
      }),
    }),
  };
  const jira = (project: string | null) => ({
    jira_base_url: 'https://acme.atlassian.net',
    project_key: project,
    comment_email_blacklist: ['noreply@acme.example'],
  });
  const connectors: DemoConnector[] = [
    ['Engineering Jira', 'jira', 'poll', jira('ENG'), 'jiraCloud'],
    ['Platform Jira', 'jira', 'poll', jira('PLAT'), 'jiraCloud'],
    [
      'Support desk Jira',
      'jira',
      'poll',
      { jira_base_url: 'https://jira.acme.example', project_key: 'SUP' },
      'jiraServer',
    ],
    ['Mobile Jira', 'jira', 'poll', jira('MOB'), null],
    ['Engineering Slack', 'slack', 'poll', { channels: ['eng', 'incidents'] }, 'slack'],
    ['Support Slack', 'slack', 'poll', { channels: ['support'] }, 'slack'],
    [
      'Company wiki',
      'confluence',
      'poll',
      { is_cloud: true, wiki_base: 'https://acme.atlassian.net/wiki', space: 'ENG' },
      'confluence',
    ],
    [
      'HR handbook',
      'confluence',
      'poll',
      { is_cloud: true, wiki_base: 'https://acme.atlassian.net/wiki', space: 'HR' },
      'confluence',
    ],
    [
      'Monorepo pull requests',
      'github',
      'poll',
      { repo_owner: 'acme', repositories: 'monorepo', include_prs: true },
      'github',
    ],
    ['Shared drive', 'google_drive', 'poll', { include_shared_drives: true }, 'drive'],
    [
      'Public website',
      'web',
      'load_state',
      { base_url: 'https://www.acme.example', web_connector_type: 'recursive' },
      'empty',
    ],
    [
      'Uploaded policies',
      'file',
      'load_state',
      { file_locations: ['policies/security.pdf'] },
      'empty',
    ],
  ];
  for (const [name, source, input_type, config, credentialKey] of connectors) {
    const input: ConnectorCreate = {
      name,
      source,
      input_type,
      access_type: 'PUBLIC',
      connector_specific_config: config,
      refresh_freq: source === 'file' ? null : 3600,
      prune_freq: source === 'file' ? null : 86400,
      indexing_start: null,
    };
    const id = await insertConnector(db, input);
    if (credentialKey === 'empty') await insertPair(db, id, 0);
    else if (credentialKey) await insertPair(db, id, credentials[credentialKey]!);
  }
}
