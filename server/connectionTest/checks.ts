// Which checks each source has. A source not listed here is said to be not
// checked: its test is never a pass (ok: null), whatever it holds.
import type { DocumentSource } from '../../src/contract/contract';
import {
  overallOutcome,
  type ConnectionCheck,
  type ConnectionTestResult,
} from '../../src/contract/connectionTest';
import type { CheckInput, SourceChecks } from './common';
import { confluenceChecks } from './confluence';
import { githubChecks } from './github';
import { gitlabChecks } from './gitlab';
import { jiraChecks } from './jira';
import { slackChecks } from './slack';
import { webChecks } from './web';
import { zendeskChecks } from './zendesk';

const SOURCE_CHECKS: Partial<Record<DocumentSource, SourceChecks>> = {
  jira: jiraChecks,
  confluence: confluenceChecks,
  github: githubChecks,
  gitlab: gitlabChecks,
  slack: slackChecks,
  zendesk: zendeskChecks,
  web: webChecks,
};

const NOT_CHECKED: ConnectionCheck = {
  name: 'Connection',
  ok: null,
  message: 'Not checked: this source has no connection test yet, so nothing was tried',
};

export async function testConnection(
  source: DocumentSource,
  input: CheckInput,
): Promise<ConnectionTestResult> {
  const checks = SOURCE_CHECKS[source];
  const results = checks ? await checks(input) : [NOT_CHECKED];
  return { ok: overallOutcome(results), checks: results };
}
