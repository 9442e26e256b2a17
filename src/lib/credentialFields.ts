// The fields of a credential form, per source: the keys come from the contract
// (CREDENTIAL_KEYS, the rule the server checks); this adds what a person reads.
import type { DocumentSource } from '../api/contract';
import { CATALOGUE_SOURCES, credentialKeys } from '../api/sources/catalogue';

export interface CredentialField {
  key: string;
  label: string;
  hint: string;
  required: boolean;
  /** Typed into a password box and never shown again. */
  secret: boolean;
}

const WORDS: Record<string, { label: string; hint: string; secret: boolean }> = {
  jira_user_email: {
    label: 'Account e-mail (Jira Cloud)',
    hint: 'The Atlassian account the token belongs to. Leave empty for Jira Server or Data Center.',
    secret: false,
  },
  jira_api_token: {
    label: 'API token or personal access token',
    hint: 'Jira Cloud: an API token from id.atlassian.com. Server / Data Center: a personal access token.',
    secret: true,
  },
  confluence_username: {
    label: 'User name or e-mail (Confluence Cloud)',
    hint: 'Leave empty for Confluence Server or Data Center.',
    secret: false,
  },
  confluence_access_token: {
    label: 'Access token',
    hint: 'An API token or personal access token.',
    secret: true,
  },
  slack_bot_token: { label: 'Bot token', hint: 'The xoxb-… token of the Slack app.', secret: true },
  github_access_token: {
    label: 'Access token',
    hint: 'A personal access token with read access.',
    secret: true,
  },
};

/** The sources the credential form knows by name, in the order it offers them. */
export const FORM_SOURCES: DocumentSource[] = CATALOGUE_SOURCES;

export function credentialFields(source: DocumentSource): CredentialField[] {
  return credentialKeys(source).map(({ key, required }) => ({
    key,
    required,
    ...(WORDS[key] ?? { label: key, hint: '', secret: true }),
  }));
}
