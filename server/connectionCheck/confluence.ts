// Confluence, as Onyx's connector probes it: the first space of REST v1
// (`rest/api/space?limit=1`). Config `wiki_base` and `is_cloud`. Onyx asks for
// Cloud's base with /wiki already on (https://x.atlassian.net/wiki) and adds it
// when missing; Cloud signs in with Basic `confluence_username` and
// `confluence_access_token`, Server and Data Center with the token as Bearer.
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

/** Cloud's REST root is under /wiki; Onyx adds it to a base that lacks it. */
function restRoot(base: URL, cloud: boolean): URL {
  const path = base.pathname.replace(/\/+$/, '');
  return cloud && !path.endsWith('/wiki') ? under(base, '/wiki') : base;
}

/** The site the checks send the credential to (where the credential is trusted: trust.ts). */
export const CONFLUENCE_ADDRESS_KEY = 'wiki_base';

export const confluenceChecks: SourceChecks = async ({ config, credential, run }) => {
  const base = baseAddress(text(config, CONFLUENCE_ADDRESS_KEY), CONFLUENCE_ADDRESS_KEY);
  const token = text(credential, 'confluence_access_token');
  const username = text(credential, 'confluence_username');
  // Onyx's form always sends is_cloud; without it, a user name means Cloud.
  const cloud = typeof config.is_cloud === 'boolean' ? config.is_cloud : username !== undefined;
  const signInName = `Confluence sign-in (${cloud ? 'Cloud' : 'Server or Data Center'})`;
  if (typeof base === 'string') return [failed(signInName, base)];
  if (!token) return [failed(signInName, 'The credential has no confluence_access_token')];
  if (cloud && !username) {
    return [failed(signInName, 'Confluence Cloud needs confluence_username (the account e-mail)')];
  }

  const root = restRoot(base, cloud);
  const headers = {
    authorization: cloud ? basicAuth(username!, token) : `Bearer ${token}`,
    accept: 'application/json',
  };
  const target = { service: 'Confluence', where: base.host };
  const checks: ConnectionCheck[] = [
    await run.check(signInName, target, async (call) => {
      const answer = await call({
        url: under(root, '/rest/api/space?limit=1'),
        headers,
        json: true,
      });
      if (answer.status !== 200) {
        return { ok: false, message: statusWords('Confluence', answer.status) };
      }
      const spaces = (answer.json as { results?: unknown } | undefined)?.results;
      if (!Array.isArray(spaces)) {
        return {
          ok: false,
          message:
            "Confluence answered 200, but not with Confluence's JSON: check wiki_base and is_cloud",
        };
      }
      return spaces.length > 0
        ? { ok: true, message: 'Confluence accepted the token and lists spaces (200)' }
        : { ok: false, message: 'Confluence accepted the token, but the account sees no space' };
    }),
  ];

  const space = text(config, 'space');
  if (space === undefined) return checks;
  const name = `Confluence space ${space}`;
  const key = segment(space);
  checks.push(
    await dependent(checks[0]!, name, key && `/rest/api/space/${key}`, (path) =>
      run.check(name, target, async (call) => {
        const answer = await call({ url: under(root, path), headers, json: true });
        if (answer.status === 200) return { ok: true, message: `Space ${space} found (200)` };
        const notFound = `Confluence: space ${space} not found (404), or the account may not see it`;
        return { ok: false, message: statusWords('Confluence', answer.status, notFound) };
      }),
    ),
  );
  return checks;
};
