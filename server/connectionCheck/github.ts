// GitHub, on its fixed API host (or the one SOURCEDESK_SOURCE_API_HOSTS names):
// the token (`github_access_token`) signs in as a user, then each repository
// the config names (`repo_owner` and `repositories`, a comma-separated string
// in Onyx's form), or, with none named, the owner itself as Onyx checks it.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import {
  beyondLimit,
  dependent,
  MAX_NAMED,
  namedList,
  segment,
  text,
  type SourceChecks,
} from './common';
import { failed, statusWords } from './run';

export const githubChecks: SourceChecks = async ({ config, credential, hosts, run }) => {
  const root = new URL(hosts.github);
  const token = text(credential, 'github_access_token');
  if (!token) return [failed('GitHub sign-in', 'The credential has no github_access_token')];
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
  };
  const api = (path: string) => new URL(`${hosts.github}${path}`);
  const target = { service: 'GitHub', where: root.host };
  const signIn = await run.check('GitHub sign-in', target, async (call) => {
    const answer = await call({ url: api('/user'), headers, json: true });
    return answer.status === 200
      ? { ok: true, message: 'GitHub accepted the token (200)' }
      : { ok: false, message: statusWords('GitHub', answer.status) };
  });
  const checks: ConnectionCheck[] = [signIn];

  const owner = text(config, 'repo_owner');
  if (owner === undefined) {
    return [...checks, failed('GitHub owner', 'The config has no repo_owner')];
  }
  const repositories = namedList(config.repositories);
  if (repositories.length === 0) {
    const path = segment(owner) && `/users/${segment(owner)}`;
    checks.push(
      await dependent(signIn, `GitHub account ${owner}`, path, (url) =>
        run.check(`GitHub account ${owner}`, target, async (call) => {
          const answer = await call({ url: api(url), headers, json: true });
          if (answer.status === 200) return { ok: true, message: `${owner} found (200)` };
          const notFound = `GitHub: no user or organization ${owner} (404)`;
          return { ok: false, message: statusWords('GitHub', answer.status, notFound) };
        }),
      ),
    );
    return checks;
  }
  for (const repository of repositories.slice(0, MAX_NAMED)) {
    const name = `${owner}/${repository}`;
    const [o, r] = [segment(owner), segment(repository)];
    checks.push(
      await dependent(signIn, `GitHub repository ${name}`, o && r && `/repos/${o}/${r}`, (url) =>
        run.check(`GitHub repository ${name}`, target, async (call) => {
          const answer = await call({ url: api(url), headers, json: true });
          if (answer.status === 200) return { ok: true, message: `Repository ${name} found (200)` };
          const notFound = `GitHub: repository ${name} not found (404); one the token may not see looks the same`;
          return { ok: false, message: statusWords('GitHub', answer.status, notFound) };
        }),
      ),
    );
  }
  return [...checks, ...beyondLimit('repositories', repositories)];
};
