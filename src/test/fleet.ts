// A small fleet that a panel test makes for itself on its own test server:
// named credentials and connectors, returned by what they are, so tests never
// lean on the demo data's ids or names.
import type { DocumentSource } from '../contract/contract';
import { insertConnector, insertPair } from '../../server/repos/connectors';
import { createCredential } from '../../server/repos/credentials';
import { createUser } from '../../server/repos/users';
import type { TestServer } from '../../test/support/harness';

const FLEET_CREDENTIALS = {
  jiraCloud: ['jira', 'Jira Cloud — engineering bot'],
  jiraServer: ['jira', 'Jira Data Center — support'],
  slack: ['slack', 'Slack workspace bot'],
} as const satisfies Record<string, readonly [DocumentSource, string]>;
type CredentialKey = keyof typeof FLEET_CREDENTIALS;

/** Name, source, credential (`empty` is credential 0; null leaves it unfinished, D10). */
const FLEET_CONNECTORS: readonly [string, DocumentSource, CredentialKey | 'empty' | null][] = [
  ['Engineering Jira', 'jira', 'jiraCloud'],
  ['Platform Jira', 'jira', 'jiraCloud'],
  ['Support desk Jira', 'jira', 'jiraServer'],
  ['Engineering Slack', 'slack', 'slack'],
  ['Support Slack', 'slack', 'slack'],
  ['Uploaded policies', 'file', 'empty'],
  ['Mobile Jira', 'jira', null],
];

/** Users whose roles the tests change: one the D8 rules let through, one they refuse. */
const FLEET_USERS = [
  ['lee.basic@example.com', 'basic'],
  ['sam.slack@example.com', 'slack_user'],
] as const;

/** The names of the finished connectors, in id order: what the panel's list shows. */
export const FLEET_LISTED = FLEET_CONNECTORS.filter(([, , credential]) => credential).map(
  ([name]) => name,
);

export async function seedFleet(server: TestServer) {
  const db = server.store.db;
  const credentials = {} as Record<CredentialKey, number>;
  for (const [key, [source, name]] of Object.entries(FLEET_CREDENTIALS)) {
    credentials[key as CredentialKey] = await createCredential(db, server.store.secrets, {
      source,
      name,
      credential_json: { token: `${key}-secret-value-0123456789` },
    });
  }
  const connectors: Record<string, number> = {};
  for (const [name, source, credential] of FLEET_CONNECTORS) {
    const id = await insertConnector(db, {
      name,
      source,
      input_type: 'poll',
      access_type: 'PUBLIC',
      connector_specific_config: source === 'jira' ? { jira_base_url: 'https://acme.example' } : {},
      refresh_freq: source === 'file' ? null : 3600,
      prune_freq: source === 'file' ? null : 86400,
      indexing_start: null,
    });
    connectors[name] = id;
    if (credential) await insertPair(db, id, credential === 'empty' ? 0 : credentials[credential]);
  }
  for (const [email, role] of FLEET_USERS) await createUser(db, email, role);
  return { credentials, connectors };
}
