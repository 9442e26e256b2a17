// A fake web site: pages with a title, links and a Last-Modified date, a
// robots.txt, a sitemap of its pages when asked, and pages that fail.
import { startFake, type FakeAnswer, type FakeServer } from './fakeServer';

export interface FakeSitePage {
  title: string;
  links?: string[];
  modified?: Date;
  /** Answer this status instead of the page. */
  status?: number;
  /** Redirect to this address. */
  redirect?: string;
}

export interface FakeSite extends FakeServer {
  pages: Record<string, FakeSitePage>;
  robots: string;
  /** Serve /sitemap.xml listing every page. */
  sitemap: boolean;
}

const html = (page: FakeSitePage) =>
  `<!doctype html><html><head><title>${page.title}</title></head><body>` +
  (page.links ?? []).map((href) => `<a href="${href}">link</a>`).join(' ') +
  '<!-- <a href="/commented-out">no</a> --></body></html>';

export async function startFakeSite(pages: Record<string, FakeSitePage>): Promise<FakeSite> {
  const state = { pages, robots: '', sitemap: false } as FakeSite;
  const fake = await startFake((_request, url): FakeAnswer => {
    if (url.pathname === '/robots.txt') {
      return state.robots
        ? { headers: { 'content-type': 'text/plain' }, body: state.robots }
        : { status: 404, body: 'none' };
    }
    if (url.pathname === '/sitemap.xml' && state.sitemap) {
      const entries = Object.entries(state.pages)
        .map(
          ([path, page]) =>
            `<url><loc>${fake.origin}${path}</loc>${page.modified ? `<lastmod>${page.modified.toISOString()}</lastmod>` : ''}</url>`,
        )
        .join('');
      return {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`,
      };
    }
    const page = state.pages[url.pathname];
    if (!page) return { status: 404, body: '<html><title>Not found</title></html>' };
    if (page.redirect) return { status: 301, headers: { location: page.redirect }, body: '' };
    if (page.status) return { status: page.status, body: '<html><title>Error</title></html>' };
    return {
      headers: page.modified ? { 'last-modified': page.modified.toUTCString() } : {},
      body: html(page),
    };
  });
  return Object.assign(state, fake);
}
