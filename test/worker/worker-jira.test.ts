// The worker end to end, in this process, against the real server (through the
// declared worker routes only) and a fake Jira of 250 issues on 127.0.0.1: the
// first run brings every document into the pair's inventory, an incremental run
// only the changed ones, a prune removes the deleted ones, a revoked token fails
// the run as a validation error with Jira's reason, a cancel stops it (D14).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { startTcpProxy } from '../support/tcpProxy';
import { api } from '../support/http';
import { manyIssues, startFakeJira, type FakeJira } from '../support/fakeSources/fakeJira';
import { finished, startWorker, type RunningWorker } from '../support/workerRun';
import { jiraPair as madePair, makeWorkerKey, runOnce as queued } from '../support/workers';

let server: TestServer;
let jira: FakeJira;
let worker: RunningWorker | null = null;

beforeEach(async () => {
  server = await startTestServer({
    sync: { checkInIntervalSeconds: 1, schedulerIntervalSeconds: 0 },
  });
  jira = await startFakeJira({
    email: 'bot@acme.example',
    token: 'jira-secret-token-value',
    issues: manyIssues('ENG', 250),
  });
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  await jira.close();
  await server.close();
});

const jiraPair = () =>
  madePair(server, {
    connector_specific_config: {
      jira_base_url: jira.origin,
      project_key: 'ENG',
      comment_email_blacklist: [],
    },
  });

/** Queues an index run of the connector: its job's id. */
const runOnce = async (target: TestServer, connectorId: number) =>
  (await queued(target, connectorId))[0]!;

const documents = async (pairId: number, q = '') =>
  (
    await api(
      server,
      'GET',
      `/manage/admin/cc-pair/${pairId}/documents?page_size=5&q=${encodeURIComponent(q)}`,
    )
  ).json as { items: { semantic_identifier: string; link: string }[]; total_items: number };

describe('the worker with a fake Jira (D14)', () => {
  it('first run: every issue; incremental: only the changed; prune: the deleted go; one log line per start and finish', async () => {
    const { connectorId, pairId } = await jiraPair();
    worker = startWorker(server, await makeWorkerKey(server));

    const first = await finished(server, pairId, await runOnce(server, connectorId));
    expect(first).toMatchObject({
      status: 'success',
      total_docs_indexed: 250,
      new_docs_indexed: 250,
    });
    expect((await documents(pairId)).total_items).toBe(250);
    expect((await documents(pairId, 'ENG-42:')).items.map((d) => d.semantic_identifier)).toEqual([
      'ENG-42: Issue number 42',
    ]);

    // Two issues change after the first run: the next update reads those two only.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = new Date();
    jira.issues[9]!.updated = later;
    jira.issues[99]!.updated = later;
    const second = await finished(server, pairId, await runOnce(server, connectorId));
    expect(second).toMatchObject({ status: 'success', total_docs_indexed: 2, new_docs_indexed: 0 });
    expect(jira.seen.at(-1)!.url.searchParams.get('jql')).toContain('updated >=');

    // Three issues are deleted in Jira: a prune removes them from the inventory.
    jira.issues = jira.issues.filter((issue) => !['ENG-1', 'ENG-2', 'ENG-3'].includes(issue.key));
    const pruned = await api(server, 'POST', `/manage/admin/cc-pair/${pairId}/prune`);
    expect(pruned.status, pruned.text).toBe(200);
    const prune = await finished(server, pairId, (pruned.json as { data: number[] }).data[0]!);
    expect(prune).toMatchObject({ status: 'success', kind: 'prune', docs_removed_from_index: 3 });
    expect((await documents(pairId)).total_items).toBe(247);

    const lines = worker.lines.filter((line) => line.startsWith(`Job ${first.id} `));
    expect(lines).toEqual([
      expect.stringMatching(
        /^Job \d+ \(update of ".*", jira, pair \d+\) started: reading every document$/,
      ),
      expect.stringMatching(
        /finished success in [\d.]+ s: 250 documents \(250 new\), 0 removed, 0 errors$/,
      ),
    ]);
    expect(worker.lines.join('\n')).not.toContain('jira-secret-token-value');
  });

  it("a revoked token fails the run with Jira's reason; a cancel stops a run within one batch", async () => {
    const { connectorId, pairId } = await jiraPair();
    worker = startWorker(server, await makeWorkerKey(server), { batchSize: 10 });
    jira.revoked = true;
    const refused = await finished(server, pairId, await runOnce(server, connectorId));
    expect(refused).toMatchObject({
      status: 'failed',
      error_msg:
        'Jira refused the token (401): Client must be authenticated to access this resource.',
    });
    jira.revoked = false;

    // Each page of ten answers slowly: the cancel lands while the run reads.
    for (let i = 0; i < 25; i++) jira.faults.push({ delayMs: 150 });
    const id = await runOnce(server, connectorId);
    const deadline = Date.now() + 10_000;
    while ((await documents(pairId)).total_items < 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancel = await api(server, 'POST', `/manage/admin/index-attempt/${id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    const canceled = await finished(server, pairId, id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.total_docs_indexed).toBeLessThan(250);
  });

  it('a server that stops answering mid-run is asked again: the run ends with every document', async () => {
    const { connectorId, pairId } = await jiraPair();
    const port = Number(new URL(server.origin).port);
    const proxy = await startTcpProxy({ host: '127.0.0.1', port });
    const through = { ...server, origin: `http://127.0.0.1:${proxy.port}` };
    worker = startWorker(through, await makeWorkerKey(server), { batchSize: 10 });
    for (let i = 0; i < 25; i++) jira.faults.push({ delayMs: 60 });
    const id = await runOnce(server, connectorId);
    const deadline = Date.now() + 10_000;
    while ((await documents(pairId)).total_items < 30 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await proxy.restore();
    const job = await finished(server, pairId, id, 30_000);
    expect(job).toMatchObject({
      status: 'success',
      total_docs_indexed: 250,
      new_docs_indexed: 250,
    });
    expect(worker.lines.join('\n')).toMatch(/the server did not answer .*; asking again/);
    await worker.stop();
    worker = null;
    await proxy.cut();
  });
});
