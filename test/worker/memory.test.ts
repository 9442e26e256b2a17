// A source of 100,000 documents: the reader asks for a page only when the one
// before has been taken, so the worker holds one batch at a time (D14's worker,
// "never more than one batch of documents in memory"), and its heap stays flat.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, expect, it } from 'vitest';
import { jiraReader } from '../../worker/sources/jira';
import { startFake, type FakeServer } from '../support/fakeSources/fakeServer';
import { readInput } from '../support/readSource';

const TOTAL = 100_000;
// A full collection before each reading of the heap, so the figures are what is held.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
let jira: FakeServer;
afterEach(() => jira?.close());

it(
  'reads 100,000 issues one page at a time, with no read-ahead and a flat heap',
  { timeout: 120_000 },
  async () => {
    // Jira Server's search, its issues made as asked (the fake holds none).
    jira = await startFake((_request, url) => {
      const startAt = Number(url.searchParams.get('startAt'));
      const size = Number(url.searchParams.get('maxResults'));
      const issues = Array.from(
        { length: Math.max(0, Math.min(size, TOTAL - startAt)) },
        (_, i) => ({
          key: `BIG-${startAt + i + 1}`,
          fields: {
            summary: `A long summary ${'x'.repeat(200)}`,
            updated: '2026-01-01T00:00:00.000+0000',
          },
        }),
      );
      return { body: { startAt, maxResults: size, total: TOTAL, issues } };
    });
    const input = readInput('Jira', {
      config: { jira_base_url: jira.origin, project_key: 'BIG' },
      credential: { jira_api_token: 'pat' },
    });
    let documents = 0;
    let batches = 0;
    let baseline = 0;
    let highest = 0;
    for await (const batch of jiraReader.read(input)) {
      batches += 1;
      documents += batch.documents.length;
      // No read-ahead: when a batch is handed over, only its own page has been asked.
      expect(jira.seen).toHaveLength(batches);
      if (batches === 50) {
        gc();
        baseline = process.memoryUsage().heapUsed;
      }
      if (batches > 50 && batches % 100 === 0) {
        gc();
        highest = Math.max(highest, process.memoryUsage().heapUsed);
      }
    }
    expect(documents).toBe(TOTAL);
    expect(batches).toBe(TOTAL / 100);
    // 100,000 documents of ~300 bytes would be 30 MB and more held at once; a flat run grows by far less.
    expect(highest - baseline).toBeLessThan(20 * 1024 * 1024);
  },
);
