// GitLab, as Onyx's connector signs in: the server is the credential's
// `gitlab_url` (GitLab.com, or the hosts setting's, when it names none), the
// token `gitlab_access_token` goes as PRIVATE-TOKEN; then the project
// `project_owner`/`project_name` of the config.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, dependent, text, under, type SourceChecks } from './common';
import { failed, statusWords } from './run';

export const gitlabChecks: SourceChecks = async ({ config, credential, hosts, run }) => {
  const named = text(credential, 'gitlab_url');
  const base = baseAddress(named ?? hosts.gitlab, 'gitlab_url');
  const token = text(credential, 'gitlab_access_token');
  if (typeof base === 'string') return [failed('GitLab sign-in', `The credential's ${base}`)];
  if (!token) return [failed('GitLab sign-in', 'The credential has no gitlab_access_token')];
  // The credential's own address is masked in every answer (D6): not repeated here.
  const target = {
    service: 'GitLab',
    where: named ? 'the GitLab server of the credential' : base.host,
  };
  const headers = { 'private-token': token, accept: 'application/json' };
  const signIn = await run.check('GitLab sign-in', target, async (call) => {
    const answer = await call({ url: under(base, '/api/v4/user'), headers, json: true });
    return answer.status === 200
      ? { ok: true, message: 'GitLab accepted the token (200)' }
      : { ok: false, message: statusWords('GitLab', answer.status) };
  });
  const checks: ConnectionCheck[] = [signIn];

  const owner = text(config, 'project_owner');
  const project = text(config, 'project_name');
  if (owner === undefined || project === undefined) return checks;
  const name = `${owner}/${project}`;
  // GitLab takes a project's full path as one segment, its slashes encoded.
  const path = `/api/v4/projects/${encodeURIComponent(name)}`;
  checks.push(
    await dependent(signIn, `GitLab project ${name}`, path, (url) =>
      run.check(`GitLab project ${name}`, target, async (call) => {
        const answer = await call({ url: under(base, url), headers, json: true });
        if (answer.status === 200) return { ok: true, message: `Project ${name} found (200)` };
        const notFound = `GitLab: project ${name} not found (404), or the token may not see it`;
        return { ok: false, message: statusWords('GitLab', answer.status, notFound) };
      }),
    ),
  );
  return checks;
};
