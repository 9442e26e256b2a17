// Which checks each source has. A source not listed here is said to be not
// checked: its test is never a pass (ok: null), whatever it holds.
import type { DocumentSource } from '../../src/contract/contract';
import {
  overallOutcome,
  type ConnectionCheck,
  type ConnectionTestResult,
} from '../../src/contract/connectionTest';
import type { CheckInput, SourceChecks } from './common';
import { CONFLUENCE_ADDRESS_KEY, confluenceChecks } from './confluence';
import { githubChecks } from './github';
import { gitlabChecks } from './gitlab';
import { gmailChecks, googleDriveChecks } from './googleDrive';
import { JIRA_ADDRESS_KEY, jiraChecks } from './jira';
import { SHAREPOINT_ADDRESS_KEY, sharepointChecks, teamsChecks } from './sharepoint';
import { loopioChecks } from './loopio';
import { OBJECT_STORE_CHECKS } from './objectStores';
import { slackChecks } from './slack';
import { TOKEN_SOURCE_CHECKS } from './tokenSources';
import { webChecks, xenforoChecks } from './web';
import { mediawikiChecks, wikipediaChecks } from './wiki';
import { zendeskChecks } from './zendesk';
import { zulipChecks } from './zulip';

const SOURCE_CHECKS: Partial<Record<DocumentSource, SourceChecks>> = {
  jira: jiraChecks,
  confluence: confluenceChecks,
  github: githubChecks,
  gitlab: gitlabChecks,
  slack: slackChecks,
  zendesk: zendeskChecks,
  web: webChecks,
  xenforo: xenforoChecks,
  wikipedia: wikipediaChecks,
  mediawiki: mediawikiChecks,
  google_drive: googleDriveChecks,
  gmail: gmailChecks,
  loopio: loopioChecks,
  zulip: zulipChecks,
  sharepoint: sharepointChecks,
  teams: teamsChecks,
  ...TOKEN_SOURCE_CHECKS,
  ...OBJECT_STORE_CHECKS,
};

/**
 * The config key that names where a source's checks send the credential, for
 * each source whose config names it. The others send it to an address their
 * source fixes (hosts.ts), one the credential itself holds (GitLab's), or
 * nowhere; a source added above that reads its address from the config is
 * listed here too, so a stored credential stays where it is trusted (trust.ts).
 */
export const CONFIG_ADDRESS_KEYS: Partial<Record<DocumentSource, string>> = {
  jira: JIRA_ADDRESS_KEY,
  confluence: CONFLUENCE_ADDRESS_KEY,
  sharepoint: SHAREPOINT_ADDRESS_KEY,
  teams: SHAREPOINT_ADDRESS_KEY,
  discourse: 'base_url',
  drupal_wiki: 'base_url',
};

/** Whether a source has checks or says in words why it has none (every catalogue source does: checks.test.ts). */
export const isAccountedFor = (source: DocumentSource) =>
  SOURCE_CHECKS[source] !== undefined || WHY_NOT_CHECKED[source] !== undefined;

/** Why a source has no test, in words: a side effect, or nothing to reach. */
const WHY_NOT_CHECKED: Partial<Record<DocumentSource, string>> = {
  salesforce:
    'signing in to Salesforce records a login in its login history and counts toward the daily API limit, so nothing was tried; the first indexing run shows whether the credential works',
  file: 'the files are stored on this server; nothing outside it is reached',
  google_sites: 'the site’s zip is stored on this server; nothing outside it is reached',
  imap: 'signing in to a mail server is recorded in the mailbox’s sign-in activity, may send its owner a “new sign-in” alert, and a refused password counts toward the account’s lock-out, so nothing was tried; the first indexing run shows whether the user name and password work',
};

const notChecked = (source: DocumentSource): ConnectionCheck => ({
  name: 'Connection',
  ok: null,
  message: `Not checked: ${
    WHY_NOT_CHECKED[source] ?? 'this source has no connection test yet, so nothing was tried'
  }`,
});

export async function testConnection(
  source: DocumentSource,
  input: CheckInput,
): Promise<ConnectionTestResult> {
  const checks = SOURCE_CHECKS[source];
  const results = checks ? await checks(input) : [notChecked(source)];
  return { ok: overallOutcome(results), checks: results };
}
