// Wikipedia and MediaWiki, read without a credential as Onyx's connectors read
// them: the wiki's API says what site it is (`action=query&meta=siteinfo`), a
// GET that only reads. Wikipedia is the language's own host
// (https://{language}.wikipedia.org, hosts.ts); a MediaWiki is the config's
// `hostname`, its API at /w/api.php (Wikimedia's layout) or /api.php (a plain
// install's). Nothing is sent but GETs, with the probe's rules.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, text, under, type SourceChecks } from './common';
import type { Call } from './run';
import { failed } from './run';

const SITE_INFO = '?action=query&meta=siteinfo&siprop=general&format=json';
/** A language code: one DNS label (`en`, `de`, `zh-yue`); anything else could name another host. */
const LANGUAGE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

const isWiki = (json: unknown) =>
  typeof (json as { query?: { general?: unknown } } | undefined)?.query?.general === 'object';

/** A refusal of a wiki's API in words, with the fix. */
function refusal(service: string, status: number, notFound: string): string {
  if (status === 401 || status === 403) {
    return `${service} refused to let a guest read it (${status}): this connector reads only what a guest may read — a private wiki cannot be indexed`;
  }
  if (status === 404) return notFound;
  if (status === 429) return `${service} asked to slow down (429): try again in a minute`;
  if (status >= 500) return `${service} failed with a server error (${status}): try again later`;
  return `${service} answered ${status}, not 200`;
}

/** The wiki's siteinfo at `api`: ok when it answers as a MediaWiki API does. */
async function siteInfo(call: Call, api: URL) {
  const answer = await call({ url: new URL(`${api.href}${SITE_INFO}`), json: true });
  return { status: answer.status, wiki: answer.status === 200 && isWiki(answer.json) };
}

export const wikipediaChecks: SourceChecks = async ({ config, hosts, run }) => {
  const name = 'Wikipedia';
  const language = text(config, 'language_code');
  if (!language) return [failed(name, 'No language_code is given')];
  if (!LANGUAGE.test(language)) {
    return [failed(name, 'language_code is not a language code such as en or de')];
  }
  const root = hosts.wikipedia.replace('{subdomain}', language.toLowerCase());
  const api = new URL(`${root}/w/api.php`);
  return [
    await run.check(name, { service: name, where: api.host }, async (call) => {
      const { status, wiki } = await siteInfo(call, api);
      if (wiki) return { ok: true, message: `Wikipedia in “${language}” answered (200)` };
      if (status === 200) {
        return { ok: false, message: 'Wikipedia answered 200, but not as its API does' };
      }
      const notFound = `There is no Wikipedia in “${language}” (404): check language_code (en, de, fr …)`;
      return { ok: false, message: refusal(name, status, notFound) };
    }),
  ];
};

export const mediawikiChecks: SourceChecks = async ({ config, run }) => {
  const name = 'MediaWiki';
  const base = baseAddress(text(config, 'hostname'), 'hostname');
  if (typeof base === 'string') return [failed(name, base)];
  const check: ConnectionCheck = await run.check(
    name,
    { service: name, where: base.host },
    async (call) => {
      let status = 0;
      for (const path of ['/w/api.php', '/api.php']) {
        const found = await siteInfo(call, under(base, path));
        if (found.wiki) return { ok: true, message: `The wiki’s API answered at ${path} (200)` };
        status = found.status;
        if (status !== 404 && status !== 200) break;
      }
      const notFound = `${base.host} has no MediaWiki API at /w/api.php or /api.php: check hostname (the wiki's address, such as https://wiki.example.com)`;
      return {
        ok: false,
        message: status === 200 ? notFound : refusal(name, status, `${notFound} (404)`),
      };
    },
  );
  return [check];
};
