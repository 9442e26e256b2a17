// A fake GitHub API: an organisation's repositories, each repository's issues
// list (pull requests included, as GitHub lists them; `since`, state, oldest
// change first) and pulls list (newest change first), paged by `page` with a
// Link header, Bearer tokens ("Bad credentials" otherwise).
import { startFake, type FakeServer } from './fakeServer';

export interface FakeItem {
  number: number;
  title: string;
  updated: Date;
  pull: boolean;
  state: 'open' | 'closed';
}

export interface FakeGitHub extends FakeServer {
  owner: string;
  repos: Record<string, FakeItem[]>;
  revoked: boolean;
}

export async function startFakeGitHub(options: {
  owner: string;
  token: string;
  repos: Record<string, FakeItem[]>;
}): Promise<FakeGitHub> {
  const state = { owner: options.owner, repos: options.repos, revoked: false } as FakeGitHub;
  const fake = await startFake((request, url) => {
    if (state.revoked || request.headers.authorization !== `Bearer ${options.token}`) {
      return { status: 401, body: { message: 'Bad credentials' } };
    }
    const parts = url.pathname.split('/').map(decodeURIComponent);
    if (url.pathname === `/orgs/${state.owner}/repos`) {
      return { body: Object.keys(state.repos).map((name) => ({ name })) };
    }
    const [, first, owner, repo, list] = parts;
    if (first !== 'repos' || owner !== state.owner || !repo || !state.repos[repo]) {
      return { status: 404, body: { message: 'Not Found' } };
    }
    if (list !== 'issues' && list !== 'pulls')
      return { status: 404, body: { message: 'Not Found' } };
    const wanted = url.searchParams.get('state') ?? 'open';
    const since = url.searchParams.get('since');
    const items = state.repos[repo]
      .filter((item) => (list === 'pulls' ? item.pull : true))
      .filter((item) => wanted === 'all' || item.state === wanted)
      .filter((item) => list === 'pulls' || !since || item.updated.getTime() >= Date.parse(since))
      .sort((a, b) =>
        url.searchParams.get('direction') === 'desc'
          ? b.updated.getTime() - a.updated.getTime()
          : a.updated.getTime() - b.updated.getTime(),
      );
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < items.length) {
      const next = new URL(url.pathname + url.search, fake.origin);
      next.searchParams.set('page', String(page + 1));
      headers.link = `<${next.href}>; rel="next", <${next.href}>; rel="last"`;
    }
    const origin = 'https://github.example';
    return {
      headers,
      body: slice.map((item) => ({
        number: item.number,
        title: item.title,
        state: item.state,
        updated_at: item.updated.toISOString(),
        html_url: `${origin}/${owner}/${repo}/${item.pull ? 'pull' : 'issues'}/${item.number}`,
        ...(item.pull && list === 'issues' ? { pull_request: { url: 'x' } } : {}),
      })),
    };
  });
  return Object.assign(state, fake);
}

/** `count` items (every third a pull request), changed a minute apart from `from`. */
export function manyItems(count: number, from = new Date('2026-01-01T00:00:00Z')): FakeItem[] {
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    title: `Item ${index + 1}`,
    updated: new Date(from.getTime() + index * 60_000),
    pull: index % 3 === 2,
    state: index % 2 === 0 ? 'open' : 'closed',
  }));
}
