// Confluence, as Onyx's connector reads it and as the connection test signs in
// (server/connectionCheck/confluence.ts): the pages CQL finds through REST v1's
// content search, paged by the `_links.next` each answer gives. The CQL is the
// config's `cql_query`, else `type=page` in its `space`, or its `page_id` (and
// that page's descendants with `index_recursively`); an incremental run adds
// `lastmodified >=` the poll window's start. One document per page, its address
// the id (Onyx's), its title the title.
import { basicAuth, baseAddress, text, under } from '../../server/connectionCheck/common';
import {
  CONFLUENCE_ADDRESS_KEY,
  confluenceRestRoot,
} from '../../server/connectionCheck/confluence';
import { checkedConfig, isoOf, minuteText, pageSize } from './common';
import { SourceFailure } from './http';
import { ConfigProblem, type ReadInput, type SourceDocument, type SourceReader } from './types';

const CONFLUENCE_PAGE_MAX = 100;

interface ConfluencePage {
  results?: {
    id?: string;
    title?: string;
    version?: { when?: string };
    _links?: { webui?: string };
  }[];
  _links?: { next?: string; base?: string };
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The CQL of a run: what the config names, narrowed to the poll window. */
export function cqlOf(config: Record<string, unknown>, since: Date | null, until: Date | null) {
  const given = text(config, 'cql_query');
  const parts: string[] = [];
  if (given) parts.push(`(${given})`);
  else {
    parts.push('type=page');
    const space = text(config, 'space');
    const page = text(config, 'page_id');
    if (space) parts.push(`space=${quoted(space)}`);
    if (page) {
      parts.push(
        config.index_recursively === true
          ? `(id=${quoted(page)} or ancestor=${quoted(page)})`
          : `id=${quoted(page)}`,
      );
    }
  }
  if (since) parts.push(`lastmodified >= ${quoted(minuteText(since))}`);
  if (until)
    parts.push(`lastmodified <= ${quoted(minuteText(new Date(until.getTime() + 60_000)))}`);
  return parts.join(' and ');
}

export const confluenceReader: SourceReader = {
  async *read(input: ReadInput) {
    const config = checkedConfig('confluence', input.config);
    const base = baseAddress(text(config, CONFLUENCE_ADDRESS_KEY), CONFLUENCE_ADDRESS_KEY);
    if (typeof base === 'string') throw new ConfigProblem(base);
    const token = text(input.credential, 'confluence_access_token');
    if (!token) throw new ConfigProblem('The credential has no confluence_access_token');
    const username = text(input.credential, 'confluence_username');
    const cloud = config.is_cloud === true;
    if (cloud && !username) {
      throw new ConfigProblem('Confluence Cloud needs confluence_username (the account e-mail)');
    }
    const headers = { authorization: cloud ? basicAuth(username!, token) : `Bearer ${token}` };
    const root = confluenceRestRoot(base, cloud);
    const site = root.href.replace(/\/+$/, '');

    const first = under(root, '/rest/api/content/search');
    first.searchParams.set('cql', cqlOf(config, input.since, input.until));
    first.searchParams.set('limit', String(pageSize(input.batchSize, CONFLUENCE_PAGE_MAX)));
    first.searchParams.set('expand', 'version');
    const saved = typeof input.checkpoint?.next === 'string' ? input.checkpoint.next : null;
    let url: URL | null = saved ? new URL(saved, `${root.origin}`) : first;
    if (url.origin !== root.origin) throw new ConfigProblem('The saved page is not on this site');

    while (url) {
      const { body }: { body: ConfluencePage } = await input.http.json<ConfluencePage>(url, {
        headers,
      });
      const documents: SourceDocument[] = [];
      for (const page of Array.isArray(body.results) ? body.results : []) {
        if (typeof page?.id !== 'string') continue;
        const link = page._links?.webui
          ? `${site}${page._links.webui}`
          : `${site}/pages/viewpage.action?pageId=${encodeURIComponent(page.id)}`;
        documents.push({
          document_id: link,
          semantic_identifier: page.title || `Page ${page.id}`,
          link,
          updated_at: isoOf(page.version?.when),
        });
      }
      // `next` is a path under the answer's `base` (the site with its context path, /wiki on Cloud).
      const next: string | undefined = body._links?.next;
      url = next ? new URL(`${body._links?.base ?? site}${next}`) : null;
      if (url && url.origin !== root.origin) {
        throw new SourceFailure(`Confluence named a next page on ${url.host}; not followed`);
      }
      yield { documents, failures: [], checkpoint: url ? { next: url.href } : null };
    }
  },
};
