// A fake Confluence: REST v1's content search (under /wiki, Cloud's Basic
// user:token, or at the root, Server's Bearer), the CQL the worker writes
// (type=page, space=, lastmodified >= / <=), paged by the `_links.next` it gives.
import { basic, minuteDate, startFake, type FakeServer } from './fakeServer';

export interface FakePage {
  id: string;
  title: string;
  space: string;
  updated: Date;
}

export interface FakeConfluence extends FakeServer {
  pages: FakePage[];
  revoked: boolean;
}

function matcher(cql: string): ((page: FakePage) => boolean) | null {
  const tests: ((page: FakePage) => boolean)[] = [];
  for (const clause of cql.split(/\s+and\s+/i)) {
    const text = clause.trim();
    if (text === 'type=page') continue;
    let match = /^space="([^"]*)"$/.exec(text);
    if (match) {
      const space = match[1];
      tests.push((page) => page.space === space);
      continue;
    }
    match = /^lastmodified (>=|<=) "([^"]*)"$/.exec(text);
    if (!match) return null;
    const [, op, value] = match as unknown as [string, string, string];
    const moment = minuteDate(value).getTime();
    tests.push((page) =>
      op === '>=' ? page.updated.getTime() >= moment : page.updated.getTime() <= moment,
    );
  }
  return (page) => tests.every((test) => test(page));
}

export async function startFakeConfluence(options: {
  cloud: boolean;
  user?: string;
  token: string;
  pages: FakePage[];
}): Promise<FakeConfluence> {
  const state = { pages: options.pages, revoked: false } as FakeConfluence;
  const context = options.cloud ? '/wiki' : '';
  const expected = options.cloud
    ? basic(options.user ?? '', options.token)
    : `Bearer ${options.token}`;
  const fake = await startFake((request, url) => {
    if (url.pathname !== `${context}/rest/api/content/search`) return { status: 404, body: {} };
    if (state.revoked || request.headers.authorization !== expected) {
      return { status: 401, body: { message: 'Current user not permitted to use Confluence' } };
    }
    const cql = url.searchParams.get('cql') ?? '';
    const test = matcher(cql);
    if (!test) return { status: 400, body: { message: `Could not parse cql: ${cql}` } };
    const all = state.pages.filter(test).sort((a, b) => a.id.localeCompare(b.id));
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const start = Number(url.searchParams.get('start') ?? 0);
    const next = new URLSearchParams(url.searchParams);
    next.set('start', String(start + limit));
    return {
      body: {
        results: all.slice(start, start + limit).map((page) => ({
          id: page.id,
          type: 'page',
          title: page.title,
          version: { when: page.updated.toISOString() },
          _links: { webui: `/spaces/${page.space}/pages/${page.id}` },
        })),
        _links: {
          base: `${fake.origin}${context}`,
          context,
          ...(start + limit < all.length ? { next: `/rest/api/content/search?${next}` } : {}),
        },
      },
    };
  });
  return Object.assign(state, fake);
}
