// Jira, as Onyx's connector signs in: a credential with `jira_user_email` is
// Jira Cloud (REST v3, Basic e-mail:API token); without it, Jira Server or Data
// Center (REST v2, a personal access token as Bearer). Then the project, when
// the config names one, as Onyx's validate_connector_settings does.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import {
  baseAddress,
  basicAuth,
  dependent,
  segment,
  text,
  under,
  type SourceChecks,
} from './common';
import { failed, statusWords } from './run';

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

/** The site the checks send the credential to (where the credential is trusted: trust.ts). */
export const JIRA_ADDRESS_KEY = 'jira_base_url';

export const jiraChecks: SourceChecks = async ({ config, credential, run }) => {
  const base = baseAddress(text(config, JIRA_ADDRESS_KEY), JIRA_ADDRESS_KEY);
  const token = text(credential, 'jira_api_token');
  const email = text(credential, 'jira_user_email');
  const cloud = email !== undefined;
  const signInName = `Jira sign-in (${cloud ? 'Cloud: e-mail and API token' : 'Server or Data Center: personal access token'})`;
  if (typeof base === 'string') return [failed(signInName, base)];
  if (!token) return [failed(signInName, 'The credential has no jira_api_token')];

  const api = `/rest/api/${cloud ? 3 : 2}`;
  const headers = {
    authorization: cloud ? basicAuth(email, token) : `Bearer ${token}`,
    accept: 'application/json',
  };
  const target = { service: 'Jira', where: base.host };
  const checks: ConnectionCheck[] = [
    await run.check(signInName, target, async (call) => {
      const answer = await call({ url: under(base, `${api}/myself`), headers, json: true });
      if (answer.status !== 200) {
        return { ok: false, message: statusWords('Jira', answer.status) };
      }
      // A 200 that is not JSON is a web page: the base URL is not the Jira site.
      return isObject(answer.json)
        ? { ok: true, message: 'Jira accepted the token (200)' }
        : {
            ok: false,
            message: "Jira answered 200, but not with Jira's JSON: check jira_base_url",
          };
    }),
  ];

  const project = text(config, 'project_key');
  if (project === undefined) return checks;
  const name = `Jira project ${project}`;
  const key = segment(project);
  checks.push(
    await dependent(checks[0]!, name, key && `${api}/project/${key}`, (path) =>
      run.check(name, target, async (call) => {
        const answer = await call({ url: under(base, path), headers, json: true });
        if (answer.status === 200) return { ok: true, message: `Project ${project} found (200)` };
        const notFound = `Jira: project ${project} not found (404), or the account may not see it`;
        return { ok: false, message: statusWords('Jira', answer.status, notFound) };
      }),
    ),
  );
  return checks;
};
