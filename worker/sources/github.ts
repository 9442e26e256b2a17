// GitHub, on its fixed API host or the one SOURCEDESK_SOURCE_API_HOSTS names
// (the connection test's hosts, server/connectionCheck/hosts.ts): the config's
// `repo_owner` and `repositories` (Onyx's comma-separated text; none: every
// repository of the owner), their issues (`include_issues`) and pull requests
// (`include_prs`) in the state of `state_filter` (Onyx's, default all), paged by
// GitHub's Link header. An incremental run asks issues with `since`, and reads
// pull requests newest first until one is older than the window (the pulls list
// has no `since`). One document per issue or pull request, its page the id.
import { namedList, segment, text } from '../../server/connectionCheck/common';
import { checkedConfig, isoOf, pageSize } from './common';
import {
  ConfigProblem,
  type Checkpoint,
  type ReadInput,
  type SourceDocument,
  type SourceReader,
} from './types';

const GITHUB_PAGE_MAX = 100;
const STATES = ['all', 'open', 'closed'];

interface GitHubItem {
  number?: number;
  title?: string;
  html_url?: string;
  updated_at?: string;
  pull_request?: unknown;
}

/** The next page GitHub's Link header names, if any. */
function nextLink(link: string | null): string | null {
  const match = link?.split(',').find((part) => /rel="next"/.test(part));
  return match?.match(/<([^>]+)>/)?.[1] ?? null;
}

/** Where a run is: which repository, which list, which page address. */
interface Cursor {
  repo: number;
  list: 'issues' | 'pulls';
  next: string | null;
}

const cursorOf = (checkpoint: Checkpoint): Cursor => ({
  repo: typeof checkpoint?.repo === 'number' ? checkpoint.repo : 0,
  list: checkpoint?.list === 'pulls' ? 'pulls' : 'issues',
  next: typeof checkpoint?.next === 'string' ? checkpoint.next : null,
});

async function repositoriesOf(input: ReadInput, owner: string, headers: Record<string, string>) {
  const named = namedList(input.config.repositories);
  if (named.length > 0) return named;
  // No repository named: every repository of the organisation, or of the user.
  const names: string[] = [];
  const ownerPath = segment(owner);
  if (!ownerPath) throw new ConfigProblem(`"${owner}" cannot be part of an address`);
  let url: URL | null = new URL(`${input.hosts.github}/orgs/${ownerPath}/repos?per_page=100`);
  const first = await input.http.json<unknown>(url, { headers, allow: [404] });
  if (first.answer.status === 404) {
    url = new URL(`${input.hosts.github}/users/${ownerPath}/repos?per_page=100`);
  }
  while (url) {
    const { body, answer } = await input.http.json<{ name?: string }[]>(url, { headers });
    for (const repo of Array.isArray(body) ? body : []) {
      if (typeof repo?.name === 'string') names.push(repo.name);
    }
    const next = nextLink(answer.headers.get('link'));
    url = next ? new URL(next) : null;
  }
  return names;
}

export const githubReader: SourceReader = {
  async *read(input: ReadInput) {
    const config = checkedConfig('github', input.config);
    const token = text(input.credential, 'github_access_token');
    if (!token) throw new ConfigProblem('The credential has no github_access_token');
    const owner = text(config, 'repo_owner')!;
    const state = text(config, 'state_filter') ?? 'all';
    if (!STATES.includes(state)) {
      throw new ConfigProblem(`state_filter must be one of ${STATES.join(', ')}, not "${state}"`);
    }
    const lists = (['issues', 'pulls'] as const).filter((list) =>
      list === 'issues' ? config.include_issues !== false : config.include_prs !== false,
    );
    const headers = {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
    };
    const repositories = await repositoriesOf(input, owner, headers);
    const size = pageSize(input.batchSize, GITHUB_PAGE_MAX);
    const since = input.since?.toISOString() ?? null;
    const api = new URL(input.hosts.github).origin;
    let cursor = cursorOf(input.checkpoint);

    while (cursor.repo < repositories.length) {
      const repository = repositories[cursor.repo]!;
      const path = segment(owner) && segment(repository);
      if (!path || !lists.includes(cursor.list)) {
        cursor = advance(cursor, lists, !path);
        continue;
      }
      let url: URL;
      if (cursor.next) {
        url = new URL(cursor.next);
        if (url.origin !== api) throw new ConfigProblem('The saved page is not on the GitHub API');
      } else {
        url = new URL(
          `${input.hosts.github}/repos/${segment(owner)}/${segment(repository)}/${cursor.list}`,
        );
        url.searchParams.set('state', state);
        url.searchParams.set('per_page', String(size));
        url.searchParams.set('sort', 'updated');
        url.searchParams.set('direction', cursor.list === 'pulls' ? 'desc' : 'asc');
        if (cursor.list === 'issues' && since) url.searchParams.set('since', since);
      }
      const { body, answer } = await input.http.json<GitHubItem[]>(url, { headers });
      const items = Array.isArray(body) ? body : [];
      const documents: SourceDocument[] = [];
      let older = false;
      for (const item of items) {
        if (typeof item?.html_url !== 'string') continue;
        // The issues list holds pull requests too: they come from the pulls list.
        if (cursor.list === 'issues' && item.pull_request) continue;
        const updated = isoOf(item.updated_at);
        if (cursor.list === 'pulls' && since && updated && updated < since) {
          older = true; // newest first: the rest are older still
          break;
        }
        documents.push({
          document_id: item.html_url,
          semantic_identifier: `${item.number ?? ''}: ${item.title ?? ''}`,
          link: item.html_url,
          updated_at: updated,
        });
      }
      const next = older ? null : nextLink(answer.headers.get('link'));
      cursor = next ? { ...cursor, next } : advance(cursor, lists, false);
      const done = cursor.repo >= repositories.length;
      yield { documents, failures: [], checkpoint: done ? null : { ...cursor } };
    }
  },
};

/** The cursor after a list is read: the next list of the repository, or the next repository. */
function advance(
  cursor: Cursor,
  lists: readonly ('issues' | 'pulls')[],
  skipRepo: boolean,
): Cursor {
  if (!skipRepo && cursor.list === 'issues' && lists.includes('pulls')) {
    return { repo: cursor.repo, list: 'pulls', next: null };
  }
  return { repo: cursor.repo + 1, list: 'issues', next: null };
}
