// The worker's web crawl against a fake site on 127.0.0.1: links of the same
// origin, robots.txt, the sitemap, the page limit, titles, a page that fails
// (one error row), and an incremental run by Last-Modified.
import { afterEach, describe, expect, it } from 'vitest';
import { webReader } from '../../worker/sources/web';
import { startFakeSite, type FakeSite } from '../support/fakeSources/fakeSite';
import { readAll, readInput } from '../support/readSource';

let site: FakeSite;
afterEach(() => site?.close());

const old = new Date('2026-01-01T00:00:00Z');
const pagesOfSite = () => ({
  '/': {
    title: 'Home',
    links: ['/a', '/b#part', 'https://elsewhere.example/x', '/private/p'],
    modified: old,
  },
  '/a': { title: 'Page A', links: ['/', '/c', '/broken'], modified: old },
  '/b': { title: 'Page &amp; B', links: ['/moved'], modified: new Date('2026-06-01T00:00:00Z') },
  '/c': { title: 'Page C', modified: old },
  '/moved': { title: '', redirect: '/c' },
  '/broken': { title: '', status: 500 },
  '/private/p': { title: 'Private', modified: old },
  '/orphan': { title: 'Only in the sitemap', modified: new Date('2026-06-02T00:00:00Z') },
});

const crawl = (config: Record<string, unknown>, extra = {}) =>
  readAll(
    webReader,
    readInput('The web site', { config: { base_url: site.origin, ...config }, ...extra }),
  );

describe('Web reader', () => {
  it('follows links of the same origin, honours robots.txt, titles each page, one error row for a broken page', async () => {
    site = await startFakeSite(pagesOfSite());
    site.robots = 'User-agent: *\nDisallow: /private/\n';
    const outcome = await crawl({ web_connector_type: 'recursive' });
    expect(
      outcome.documents
        .map((d) => [d.document_id.replace(site.origin, ''), d.semantic_identifier])
        .sort(),
    ).toEqual([
      ['/', 'Home'],
      ['/a', 'Page A'],
      ['/b', 'Page & B'],
      ['/c', 'Page C'],
    ]);
    expect(outcome.failures).toEqual([
      {
        document_id: `${site.origin}/broken`,
        document_link: `${site.origin}/broken`,
        failure_message: 'The web site failed with a server error (500) (tried 3 times)',
      },
    ]);
    expect(site.seen.map((r) => r.url.pathname)).not.toContain('/private/p');
    expect(site.seen.map((r) => r.url.pathname)).not.toContain('/commented-out');
  });

  it('stops at the page limit; `single` reads the base page alone', async () => {
    site = await startFakeSite(pagesOfSite());
    expect((await crawl({}, { limits: { webMaxPages: 2 } })).documents).toHaveLength(2);
    const single = await crawl({ web_connector_type: 'single' });
    expect(single.documents.map((d) => d.semantic_identifier)).toEqual(['Home']);
  });

  it("sitemap: the pages the site's sitemap lists, an incremental run only those changed since", async () => {
    site = await startFakeSite(pagesOfSite());
    site.sitemap = true;
    delete site.pages['/broken'];
    delete site.pages['/moved'];
    const all = await crawl({ web_connector_type: 'sitemap' });
    expect(all.documents).toHaveLength(6);
    expect(all.documents.map((d) => d.semantic_identifier)).toContain('Only in the sitemap');
    const changed = await crawl(
      { web_connector_type: 'sitemap' },
      { since: new Date('2026-05-01T00:00:00Z') },
    );
    expect(changed.documents.map((d) => d.semantic_identifier).sort()).toEqual([
      'Only in the sitemap',
      'Page & B',
    ]);
  });

  it('a prune lists the pages the site still has: a page gone (404) is no document and no error', async () => {
    site = await startFakeSite(pagesOfSite());
    delete site.pages['/c'];
    const outcome = await crawl({});
    expect(outcome.documents.map((d) => d.document_id)).not.toContain(`${site.origin}/c`);
    expect(outcome.documents).toHaveLength(4); // /, /a, /b, /private/p (no robots.txt here)
    expect(outcome.failures.map((f) => f.document_id)).toEqual([`${site.origin}/broken`]);
  });
});
