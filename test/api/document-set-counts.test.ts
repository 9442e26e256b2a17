// A document set's count (D14 with Onyx's document sets): the documents the
// workers reported for the set's pairs, counted from the pairs' inventories;
// null ("not reported") until a worker has reported on one of them.
// SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it } from 'vitest';
import { useFreshTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();

const ok = async (method: string, path: string, key: string, body?: unknown) => {
  const answer = await api(server, method, path, { key, body });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

const countOf = async (setId: number) => {
  const sets = (await ok('GET', '/manage/document-set', server.adminKey)) as unknown as {
    id: number;
    document_count: number | null;
  }[];
  return sets.find((set) => set.id === setId)!.document_count;
};

describe('a document set counts the documents its pairs’ workers reported', () => {
  it('null before any report; then the inventory’s size, once per document, deletes taken off', async () => {
    const reported = await jiraPair(server);
    const silent = await jiraPair(server);
    const setId = (await ok('POST', '/manage/admin/document-set', server.adminKey, {
      name: 'Engineering docs',
      description: 'Two Jira projects',
      cc_pair_ids: [reported.pairId, silent.pairId],
      is_public: true,
      users: [],
      groups: [],
    })) as unknown as number;
    expect(await countOf(setId)).toBeNull();

    const key = await makeWorkerKey(server);
    await runOnce(server, reported.connectorId, true);
    const job = (await claim(server, key))!;
    const batch = { upsert: [doc(1), doc(2), doc(3)], delete: [] };
    await ok('POST', jobPath(job.id, 'documents'), key, batch);
    await ok('POST', jobPath(job.id, 'documents'), key, batch); // a retried batch counts once
    await ok('POST', jobPath(job.id, 'documents'), key, { upsert: [], delete: ['DOC-2'] });
    await ok('PUT', jobPath(job.id, 'finish'), key, { status: 'success' });

    // Only the reported pair counts; the other has not been read yet.
    expect(await countOf(setId)).toBe(2);
  });
});
