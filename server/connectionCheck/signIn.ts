// The one check of a source whose API takes a token at a fixed host: a
// request that reads (never writes) who the token is, judged by its status
// and, where the source answers 200 to a refused token, by its answer. Each
// failure says what it likely means and how to fix it, in the source's words.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, text, under, type SourceChecks } from './common';
import type { FixedHostSource } from './hosts';
import { failed } from './run';

export interface SignInRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface SignIn {
  service: string;
  /** Its fixed host; none for a source whose credential names its server (rootKey). */
  host?: FixedHostSource;
  /** The credential keys the request needs, all of them. */
  keys: readonly string[];
  request: (values: Record<string, string>) => SignInRequest;
  /** For a 200: whether the answer says the token was taken (GraphQL answers 200 with errors). */
  accepted?: (json: unknown) => boolean;
  /**
   * A credential key that names the host instead (Gong's region; a self-hosted
   * server's address, BookStack's or Outline's): an address in the credential,
   * so approved by itself (D15).
   */
  rootKey?: string;
  /**
   * A config key that names the server instead (Discourse's, Drupal Wiki's
   * `base_url`): an address D15 approves like Jira's (checks.ts lists it).
   */
  configKey?: string;
  /** The host's `{subdomain}`, from the credential (Freshdesk's domain); null when it is no subdomain. */
  subdomain?: (values: Record<string, string>) => string | null;
  /** What the token is (an integration token, an API key): said in every message. */
  token: string;
  /** Where a missing permission is granted (a 403). */
  grant: string;
  /** The source's own words for a status, where they differ from the usual (Discourse's 403). */
  words?: Partial<Record<number, string>>;
}

/** One DNS label: anything else could name another host (`evil.example#`). */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A status in words, with the fix: a revoked token, a missing permission, a wrong address. */
function refusal(spec: SignIn, status: number): string {
  const { service, token } = spec;
  const own = spec.words?.[status];
  if (own) return `${service} ${own}`;
  if (status === 401)
    return `${service} refused the ${token} (401): it is wrong, expired or revoked — make a new one and save it in the credential`;
  if (status === 403) return `${service} took the ${token} but refused access (403): ${spec.grant}`;
  if (status === 404)
    return `${service} has no such page (404): the address is wrong — check ${spec.configKey ?? "the credential's account or domain"}`;
  if (status === 429) return `${service} asked to slow down (429): try again in a minute`;
  if (status >= 500) return `${service} failed with a server error (${status}): try again later`;
  return `${service} answered ${status}, not 200`;
}

export const signInChecks =
  (spec: SignIn): SourceChecks =>
  async ({ config, credential, hosts, run }): Promise<ConnectionCheck[]> => {
    const name = `${spec.service} sign-in`;
    const values: Record<string, string> = {};
    for (const key of spec.keys) {
      const value = text(credential, key);
      if (!value) return [failed(name, `The credential has no ${key}`)];
      values[key] = value;
    }
    const fixed = spec.host && hosts[spec.host];
    let root = (spec.rootKey && text(credential, spec.rootKey)?.replace(/\/+$/, '')) || fixed;
    if (spec.configKey) {
      const base = baseAddress(text(config, spec.configKey), spec.configKey);
      if (typeof base === 'string') return [failed(name, base)];
      root = under(base, '').href.replace(/\/+$/, '');
    }
    if (!root) return [failed(name, `The credential has no ${spec.rootKey}`)];
    if (spec.subdomain) {
      const subdomain = spec.subdomain(values);
      if (subdomain === null || !SUBDOMAIN.test(subdomain)) {
        return [failed(name, `The credential's ${spec.keys[0]} is not a subdomain such as acme`)];
      }
      root = root.replace('{subdomain}', subdomain);
    }
    const request = spec.request(values);
    // A subdomain is the credential's, masked in every answer (D6): not repeated here.
    const target = {
      service: spec.service,
      where: spec.configKey
        ? new URL(root).host
        : spec.subdomain || root !== fixed
          ? `the ${spec.service} account of the credential`
          : new URL(root).host,
    };
    return [
      await run.check(name, target, async (call) => {
        const answer = await call({
          url: new URL(`${root}${request.path}`),
          method: request.method ?? 'GET',
          headers: { accept: 'application/json', ...request.headers },
          body: request.body,
          json: true,
        });
        if (answer.status !== 200) return { ok: false, message: refusal(spec, answer.status) };
        if (spec.accepted && !spec.accepted(answer.json)) {
          return {
            ok: false,
            message: `${spec.service} did not accept the ${spec.token}: it is wrong, expired or revoked — make a new one and save it in the credential`,
          };
        }
        return { ok: true, message: `${spec.service} accepted the ${spec.token} (200)` };
      }),
    ];
  };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`,
});
