// The worker's GitHub reader against a fake GitHub API on 127.0.0.1, reached
// through SOURCEDESK_SOURCE_API_HOSTS's setting as the connection test is:
// issues and pull requests, paging, `since`, state, GitHub's rate limit, a revoked token.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_API_HOSTS } from '../../server/connectionCheck/hosts';
import { githubReader } from '../../worker/sources/github';
import { SourceRefusal } from '../../worker/sources/http';
import { manyItems, startFakeGitHub, type FakeGitHub } from '../support/fakeSources/fakeGitHub';
import { readAll, readInput } from '../support/readSource';

let github: FakeGitHub;
afterEach(() => github?.close());

const credential = { github_access_token: 'ghp_token' };
const input = (config: Record<string, unknown> = {}, extra = {}) =>
  readInput('GitHub', {
    config: { repo_owner: 'acme', repositories: 'api, web', ...config },
    credential,
    hosts: { ...DEFAULT_SOURCE_API_HOSTS, github: github.origin },
    ...extra,
  });

describe('GitHub reader', () => {
  it("reads the named repositories' issues and pull requests, paged", async () => {
    github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_token',
      repos: { api: manyItems(150), web: manyItems(9), other: manyItems(4) },
    });
    const outcome = await readAll(githubReader, input());
    expect(outcome.documents).toHaveLength(159);
    expect(outcome.documents.filter((d) => d.link!.includes('/pull/'))).toHaveLength(53);
    expect(outcome.documents).toContainEqual({
      document_id: 'https://github.example/acme/api/pull/3',
      semantic_identifier: '3: Item 3',
      link: 'https://github.example/acme/api/pull/3',
      updated_at: '2026-01-01T00:02:00.000Z',
    });
    // Pages of 100 followed by the Link header.
    expect(github.seen.some((r) => r.url.searchParams.get('page') === '2')).toBe(true);
    expect(outcome.checkpoints.at(-1)).toBeNull();
  });

  it('every repository of the owner when none is named; only what include_* and state_filter ask', async () => {
    github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_token',
      repos: { api: manyItems(6), web: manyItems(6) },
    });
    const outcome = await readAll(
      githubReader,
      input({ repositories: '', include_prs: false, state_filter: 'open' }),
    );
    // Open issues only: items 1 and 5 of each (3 is a pull request).
    expect(outcome.documents.map((d) => d.document_id).sort()).toEqual([
      'https://github.example/acme/api/issues/1',
      'https://github.example/acme/api/issues/5',
      'https://github.example/acme/web/issues/1',
      'https://github.example/acme/web/issues/5',
    ]);
  });

  it('an incremental run: issues with `since`, pull requests until an older one', async () => {
    const items = manyItems(30);
    items[4]!.updated = new Date('2026-03-01T00:00:00Z'); // an issue
    items[5]!.updated = new Date('2026-03-02T00:00:00Z'); // a pull request
    github = await startFakeGitHub({ owner: 'acme', token: 'ghp_token', repos: { api: items } });
    const outcome = await readAll(
      githubReader,
      input({ repositories: 'api' }, { since: new Date('2026-02-01T00:00:00Z') }),
    );
    expect(outcome.documents.map((d) => d.semantic_identifier).sort()).toEqual([
      '5: Item 5',
      '6: Item 6',
    ]);
    const issuesAsked = github.seen.find((r) => r.url.pathname.endsWith('/issues'))!;
    expect(issuesAsked.url.searchParams.get('since')).toBe('2026-02-01T00:00:00.000Z');
  });

  it('resumes from the checkpoint: the repository, the list and the page', async () => {
    github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_token',
      repos: { api: manyItems(30), web: manyItems(3) },
    });
    const first = await readAll(githubReader, input({}, { batchSize: 10 }), 1);
    expect(first.checkpoints[0]).toMatchObject({ repo: 0, list: 'issues' });
    const rest = await readAll(
      githubReader,
      input({}, { batchSize: 10, checkpoint: first.checkpoints[0]! }),
    );
    expect(first.documents.length + rest.documents.length).toBe(33);
  });

  it("GitHub's 403 with no rate left waits until the reset it names; a revoked token is a refusal", async () => {
    github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_token',
      repos: { api: manyItems(3) },
    });
    github.faults.push({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'retry-after': '1' },
      body: { message: 'API rate limit exceeded' },
    });
    const outcome = await readAll(githubReader, input({ repositories: 'api' }));
    expect(outcome.documents).toHaveLength(3);
    expect(outcome.retries).toEqual([
      { why: 'GitHub asked to slow down (403): API rate limit exceeded', waitMs: 1000 },
    ]);
    github.revoked = true;
    const refused = readAll(githubReader, input({ repositories: 'api' }));
    await expect(refused).rejects.toBeInstanceOf(SourceRefusal);
    await expect(refused).rejects.toThrow('GitHub refused the token (401): Bad credentials');
  });
});
