// Web: Onyx's WebConnector keys. From `base_url` (https:// when it has no
// scheme), the pages of its origin: `web_connector_type` `single` reads that
// page, `sitemap` the pages a sitemap lists (the base URL when it is one, else
// the site's /sitemap.xml), `recursive` (the default) follows links. robots.txt
// is honoured (robots-parser), at most the worker's page limit is read, and a
// page's <title> is its document's title (htmlparser2). A page that cannot be
// read is one error row. A crawl has no cursor to resume: an interrupted one
// starts again (pages sent twice count once, D14's inventory). An incremental
// run sends only pages changed since the window's start (Last-Modified, or the
// sitemap's lastmod), and still crawls the others for their links.
import { Parser } from 'htmlparser2';
import robotsParser from 'robots-parser';
import { DOCUMENT_ID_MAX_LENGTH } from '../../src/contract/sync';
import { checkedConfig, isoOf } from './common';
import { SourceFailure, type SourceHttp } from './http';
import {
  ConfigProblem,
  type DocumentFailure,
  type ReadInput,
  type SourceDocument,
  type SourceReader,
} from './types';

const USER_AGENT = 'Sourcedesk-worker';
const SITEMAP_DEPTH = 3;
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, index) => 400 + index);

/** An address of the crawl: absolute, without its fragment; null for another origin or scheme. */
function pageAddress(href: string, from: URL, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return null;
  }
  url.hash = '';
  return url.origin === origin ? url.href : null;
}

/** The page's title and the links it holds. */
export function readPage(html: string): { title: string; links: string[] } {
  let title = '';
  let inTitle = false;
  let titled = false;
  const links: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'title' && !titled) inTitle = true;
      if (name === 'a' && attributes.href) links.push(attributes.href);
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title' && inTitle) {
        inTitle = false;
        titled = true;
      }
    },
  });
  parser.write(html);
  parser.end();
  return { title: title.replace(/\s+/g, ' ').trim(), links };
}

/** The <loc> entries of a sitemap (and whether it is an index of sitemaps), or null when it is not one. */
export function readSitemap(xml: string) {
  const entries: { loc: string; lastmod: string | null }[] = [];
  let kind: 'urlset' | 'sitemapindex' | null = null;
  let field: 'loc' | 'lastmod' | null = null;
  let current = { loc: '', lastmod: null as string | null };
  const parser = new Parser(
    {
      onopentag(name) {
        const local = name.replace(/^.*:/, '');
        if (local === 'urlset' || local === 'sitemapindex') kind ??= local;
        if (local === 'url' || local === 'sitemap') current = { loc: '', lastmod: null };
        if (local === 'loc' || local === 'lastmod') field = local;
      },
      ontext(text) {
        if (field === 'loc') current.loc += text;
        if (field === 'lastmod') current.lastmod = (current.lastmod ?? '') + text;
      },
      onclosetag(name) {
        const local = name.replace(/^.*:/, '');
        if (local === 'loc' || local === 'lastmod') field = null;
        if ((local === 'url' || local === 'sitemap') && current.loc.trim()) {
          entries.push({ loc: current.loc.trim(), lastmod: current.lastmod?.trim() ?? null });
        }
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  return kind ? { kind, entries } : null;
}

async function robotsOf(http: SourceHttp, origin: string) {
  const url = new URL('/robots.txt', origin);
  try {
    const answer = await http.get(url, { allow: CLIENT_ERRORS });
    return robotsParser(url.href, answer.status < 400 ? answer.text : '');
  } catch (error) {
    if (!(error instanceof SourceFailure)) throw error;
    // No robots.txt to read (the site fails it): nothing is forbidden, as crawlers do.
    return robotsParser(url.href, '');
  }
}

/** The pages a sitemap lists (following an index of sitemaps), with their lastmod. */
async function* sitemapPages(http: SourceHttp, start: URL, origin: string) {
  const queue = [{ url: start.href, depth: 0 }];
  const seen = new Set<string>();
  let found = false;
  while (queue.length > 0) {
    const { url, depth } = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const answer = await http.get(new URL(url), { allow: CLIENT_ERRORS });
    const sitemap = answer.status < 400 ? readSitemap(answer.text) : null;
    if (!sitemap) {
      // The base URL is a page, not a sitemap: the site's own sitemap is asked once.
      const fallback = new URL('/sitemap.xml', origin).href;
      if (!found && depth === 0 && !seen.has(fallback)) queue.push({ url: fallback, depth: 0 });
      continue;
    }
    found = true;
    for (const entry of sitemap.entries) {
      const address = pageAddress(entry.loc, new URL(url), origin);
      if (!address) continue;
      if (sitemap.kind === 'sitemapindex') {
        if (depth < SITEMAP_DEPTH) queue.push({ url: address, depth: depth + 1 });
      } else yield { url: address, lastmod: isoOf(entry.lastmod) };
    }
  }
  if (!found) throw new ConfigProblem(`No sitemap found at ${start.href} or ${origin}/sitemap.xml`);
}

export const webReader: SourceReader = {
  async *read(input: ReadInput) {
    const config = checkedConfig('web', input.config);
    const given = String(config.base_url).trim();
    let base: URL;
    try {
      base = new URL(given.includes('://') ? given : `https://${given}`);
    } catch {
      throw new ConfigProblem(`base_url is not an address such as https://example.com`);
    }
    base.hash = '';
    const origin = base.origin;
    const mode = config.web_connector_type ?? 'recursive';
    const since = input.since?.toISOString() ?? null;
    const robots = await robotsOf(input.http, origin);
    const allowed = (url: string) => robots.isAllowed(url, USER_AGENT) !== false;

    let documents: SourceDocument[] = [];
    let failures: DocumentFailure[] = [];
    let read = 0;
    const queue: string[] = [];
    const seen = new Set<string>();
    const enqueue = (url: string) => {
      if (!seen.has(url) && allowed(url)) {
        seen.add(url);
        queue.push(url);
      }
    };

    const visit = async (url: string, follow: boolean) => {
      read += 1;
      const answer = await input.http
        .get(new URL(url), { allow: CLIENT_ERRORS, redirectIsAnswer: true })
        .catch((error: unknown) => {
          if (error instanceof SourceFailure) {
            failures.push({ document_id: url, document_link: url, failure_message: error.message });
            return null;
          }
          throw error;
        });
      if (!answer) return;
      if (answer.status >= 300 && answer.status < 400) {
        const moved = pageAddress(answer.headers.get('location') ?? '', new URL(url), origin);
        if (moved) enqueue(moved);
        return;
      }
      // A page that is gone (404, 410) is no document; another refusal is one error row.
      if (answer.status === 404 || answer.status === 410) return;
      if (answer.status >= 400) {
        failures.push({
          document_id: url,
          document_link: url,
          failure_message: `${base.host} answered ${answer.status} for this page`,
        });
        return;
      }
      if (!/html/i.test(answer.headers.get('content-type') ?? 'text/html')) return;
      const page = readPage(answer.text);
      if (follow) {
        for (const href of page.links) {
          const address = pageAddress(href, new URL(url), origin);
          if (address) enqueue(address);
        }
      }
      const modified = isoOf(answer.headers.get('last-modified'));
      if (since && modified && modified < since) return;
      if (url.length > DOCUMENT_ID_MAX_LENGTH) {
        failures.push({
          failure_message: `A page's address is longer than ${DOCUMENT_ID_MAX_LENGTH} characters: ${url.slice(0, 200)}…`,
        });
        return;
      }
      documents.push({
        document_id: url,
        semantic_identifier: page.title || url,
        link: url,
        updated_at: modified,
      });
    };

    const full = () => documents.length >= input.batchSize || failures.length >= input.batchSize;
    const batch = () => {
      const out = { documents, failures, checkpoint: null };
      documents = [];
      failures = [];
      return out;
    };

    if (mode === 'sitemap') {
      for await (const page of sitemapPages(input.http, base, origin)) {
        if (read >= input.limits.webMaxPages) break;
        if (seen.has(page.url) || !allowed(page.url)) continue;
        seen.add(page.url);
        if (since && page.lastmod && page.lastmod < since) continue;
        await visit(page.url, false);
        if (full()) yield batch();
      }
    } else {
      enqueue(base.href);
      while (queue.length > 0 && read < input.limits.webMaxPages) {
        await visit(queue.shift()!, mode !== 'single');
        if (full()) yield batch();
      }
    }
    if (documents.length > 0 || failures.length > 0) yield batch();
  },
};
