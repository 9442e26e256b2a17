// The worker end to end through the real server for GitHub, Confluence and the
// web, as worker-jira.test.ts is for Jira: connectors and credentials made by the
// admin through the API, the run queued by run-once, the worker (in this process,
// speaking only the worker routes) reading a fake of the source on 127.0.0.1, and
// the pair's inventory and runs read back through the admin routes (D14). GitHub's
// API is reached as an admin points it elsewhere (GitHub Enterprise):
// SOURCEDESK_SOURCE_API_HOSTS's setting, the same on the server and the worker.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, madeCredential, plainRequest } from '../support/http';
import { manyItems, startFakeGitHub } from '../support/fakeSources/fakeGitHub';
import { startFakeConfluence } from '../support/fakeSources/fakeConfluence';
import { startFakeSite } from '../support/fakeSources/fakeSite';
import type { FakeServer } from '../support/fakeSources/fakeServer';
import { finished, startWorker, type RunningWorker } from '../support/workerRun';
import { makeWorkerKey, runOnce } from '../support/workers';
import type { SourceApiHosts } from '../../server/connectionCheck/hosts';
import type { DocumentSource } from '../../src/contract/contract';

let server: TestServer | null = null;
let fake: FakeServer | null = null;
let worker: RunningWorker | null = null;

afterEach(async () => {
  await worker?.stop();
  await fake?.close();
  await server?.close();
  worker = null;
  fake = null;
  server = null;
});

/** The server and a worker, both pointing the source's fixed API host at `hosts` when given. */
async function start(hosts: Partial<SourceApiHosts> = {}) {
  server = await startTestServer({
    sync: { checkInIntervalSeconds: 1, schedulerIntervalSeconds: 0 },
    connectionTest: { hosts },
  });
  worker = startWorker(server, await makeWorkerKey(server), { batchSize: 50, hosts });
  return server;
}

/** A connector of `source` made and attached by the admin: its connector and pair ids. */
async function pair(
  target: TestServer,
  source: DocumentSource,
  config: Record<string, unknown>,
  credential: Record<string, unknown> | null,
) {
  const connectorId = await createConnector(
    target,
    plainRequest(source, { connector_specific_config: config }),
  );
  // A source that needs no credential takes credential 0, as in Onyx.
  const credentialId = credential ? await madeCredential(target, source, credential) : 0;
  const attached = await attach(target, connectorId, credentialId);
  expect(attached.status, attached.text).toBe(200);
  return { connectorId, pairId: (attached.json as { data: number }).data };
}

const inventory = async (target: TestServer, pairId: number, q = '') =>
  (
    await api(
      target,
      'GET',
      `/manage/admin/cc-pair/${pairId}/documents?page_size=100&q=${encodeURIComponent(q)}`,
    )
  ).json as { items: { document_id: string; semantic_identifier: string }[]; total_items: number };

describe('the worker through the server, beside Jira (D14)', () => {
  it("GitHub: the named repositories' issues and pull requests; an update reads the changed; a prune removes a deleted one", async () => {
    const github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_secret_token_value',
      repos: { api: manyItems(150), web: manyItems(9), other: manyItems(4) },
    });
    fake = github;
    const target = await start({ github: github.origin });
    const { connectorId, pairId } = await pair(
      target,
      'github',
      { repo_owner: 'acme', repositories: 'api, web' },
      { github_access_token: 'ghp_secret_token_value' },
    );

    const first = await finished(target, pairId, (await runOnce(target, connectorId))[0]!);
    expect(first).toMatchObject({ status: 'success', total_docs_indexed: 159 });
    expect((await inventory(target, pairId)).total_items).toBe(159);
    expect((await inventory(target, pairId, '149: Item 149')).items).toEqual([
      expect.objectContaining({
        document_id: 'https://github.example/acme/api/issues/149',
        semantic_identifier: '149: Item 149',
      }),
    ]);
    // Every request to GitHub's API (at the address the setting names) carried the token.
    expect(github.seen.every((r) => r.authorization === 'Bearer ghp_secret_token_value')).toBe(
      true,
    );

    // One issue changes: the next update reads it alone (issues by `since`).
    github.repos.web![0]!.updated = new Date();
    const second = await finished(target, pairId, (await runOnce(target, connectorId))[0]!);
    expect(second).toMatchObject({ status: 'success', total_docs_indexed: 1, new_docs_indexed: 0 });

    // Issue 2 of web is deleted: a prune takes it out of the inventory.
    github.repos.web = github.repos.web!.filter((item) => item.number !== 2);
    const pruned = await api(target, 'POST', `/manage/admin/cc-pair/${pairId}/prune`);
    expect(pruned.status, pruned.text).toBe(200);
    const prune = await finished(target, pairId, (pruned.json as { data: number[] }).data[0]!);
    expect(prune).toMatchObject({ status: 'success', kind: 'prune', docs_removed_from_index: 1 });
    expect((await inventory(target, pairId)).total_items).toBe(158);
    expect(worker!.lines.join('\n')).not.toContain('ghp_secret_token_value');
  });

  it("Confluence: the space's pages, paged by Confluence's next link; a revoked token fails the run in Confluence's words", async () => {
    const confluence = await startFakeConfluence({
      cloud: true,
      user: 'bot@acme.example',
      token: 'confluence-secret-token',
      pages: Array.from({ length: 130 }, (_, i) => ({
        id: String(1000 + i),
        title: `${i < 120 ? 'ENG' : 'HR'} page ${i + 1}`,
        space: i < 120 ? 'ENG' : 'HR',
        updated: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    fake = confluence;
    const target = await start();
    const { connectorId, pairId } = await pair(
      target,
      'confluence',
      { is_cloud: true, wiki_base: `${confluence.origin}/wiki`, space: 'ENG' },
      {
        confluence_username: 'bot@acme.example',
        confluence_access_token: 'confluence-secret-token',
      },
    );
    const first = await finished(target, pairId, (await runOnce(target, connectorId))[0]!);
    expect(first).toMatchObject({ status: 'success', total_docs_indexed: 120 });
    expect((await inventory(target, pairId, 'HR')).total_items).toBe(0);

    confluence.revoked = true;
    const refused = await finished(target, pairId, (await runOnce(target, connectorId))[0]!);
    expect(refused.status).toBe('failed');
    expect(refused.error_msg).toMatch(/Current user not permitted to use Confluence/);
  });

  it('Web: the pages linked from the start address, titled, robots.txt honoured; a broken page is one error row', async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const site = await startFakeSite({
      '/': { title: 'Home', links: ['/a', '/b', '/private/p', '/broken'], modified: old },
      '/a': { title: 'Page A', links: ['/c'], modified: old },
      '/b': { title: 'Page B', modified: old },
      '/c': { title: 'Page C', modified: old },
      '/broken': { title: '', status: 500 },
      '/private/p': { title: 'Private', modified: old },
    });
    site.robots = 'User-agent: *\nDisallow: /private/\n';
    fake = site;
    const target = await start();
    const { connectorId, pairId } = await pair(
      target,
      'web',
      { base_url: site.origin, web_connector_type: 'recursive' },
      null,
    );
    const run = await finished(target, pairId, (await runOnce(target, connectorId))[0]!, 30_000);
    expect(run).toMatchObject({
      status: 'completed_with_errors',
      total_docs_indexed: 4,
      error_count: 1,
    });
    expect(
      (await inventory(target, pairId)).items.map((d) => d.semantic_identifier).sort(),
    ).toEqual(['Home', 'Page A', 'Page B', 'Page C']);
    const errors = await api(target, 'GET', `/manage/admin/cc-pair/${pairId}/errors`);
    expect(JSON.stringify(errors.json)).toContain(`${site.origin}/broken`);
  });
});
