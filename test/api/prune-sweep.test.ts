// D14: "a prune removes what the source no longer has". A worker cannot see the
// pair's inventory, so a prune lists (as upserts) every document the source
// still has, and a prune that finishes `success` removes the rest, counted as
// removed by that job; a prune that did not finish its listing removes nothing.
// SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it } from 'vitest';
import { useFreshTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();

const call = async (method: string, path: string, key: string, body?: unknown) => {
  const answer = await api(server, method, path, { key, body });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.json as Record<string, unknown>;
};

async function indexed(key: string, connectorId: number, count: number) {
  await runOnce(server, connectorId, true);
  const job = (await claim(server, key))!;
  const upsert = Array.from({ length: count }, (_, i) => doc(i + 1));
  await call('POST', jobPath(job.id, 'documents'), key, { upsert });
  await call('PUT', jobPath(job.id, 'finish'), key, { status: 'success' });
}

async function prune(key: string, pairId: number, listed: number[], status: string) {
  await call('POST', `/manage/admin/cc-pair/${pairId}/prune`, server.adminKey);
  const job = (await claim(server, key))!;
  expect(job.kind).toBe('prune');
  await call('POST', jobPath(job.id, 'documents'), key, { upsert: listed.map((n) => doc(n)) });
  return call('PUT', jobPath(job.id, 'finish'), key, { status });
}

const inventory = async (pairId: number) =>
  (await call('GET', `/manage/admin/cc-pair/${pairId}/documents?page_size=100`, server.adminKey))
    .total_items;

describe('D14 a prune', () => {
  it('that finishes success removes what it did not list, counted as removed', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId, pairId } = await jiraPair(server);
    await indexed(key, connectorId, 10);
    const finished = await prune(key, pairId, [1, 2, 3, 4, 5, 6, 7], 'success');
    expect(finished).toMatchObject({
      kind: 'prune',
      status: 'success',
      docs_removed_from_index: 3,
      total_docs_indexed: 7,
      new_docs_indexed: 0,
    });
    expect(await inventory(pairId)).toBe(7);
  });

  it('that is interrupted or fails removes nothing', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId, pairId } = await jiraPair(server);
    await indexed(key, connectorId, 6);
    for (const status of ['interrupted', 'failed']) {
      const finished = await prune(key, pairId, [1, 2], status);
      expect(finished).toMatchObject({ status, docs_removed_from_index: 0 });
      expect(await inventory(pairId)).toBe(6);
    }
  });
});
