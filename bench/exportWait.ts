// The activity export beside other requests (issue 27, item 6): an export of
// 200,000 records as NDJSON and as CSV while `GET /api/version` is sent every
// 20 ms, as a health check would; the longest wait of those is the figure.
// (test/process/audit-export.test.ts checks that the exports are complete and
// that answers arrive meanwhile; the time is the bench's to tell.)
import { smoke } from './config';
import { openStore, type Store } from '../server/db/database';
import { openPostgresStore } from '../server/db/postgres';
import { seedAuditRecords } from '../test/support/auditRecords';
import { waitsDuring } from '../test/support/waitsDuring';
import { startServer } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';

/** The smoke run only checks that the figure is found: a few thousand records do. */
export const ACTIVITY_RECORDS = smoke ? 2_000 : 200_000;

/** Adds the activity records to a seeded data set, straight through its store. */
export async function seedActivity(set: DataSet): Promise<void> {
  const store: Store = set.postgres
    ? await openPostgresStore(set.postgres.url, set.postgres.secretKey)
    : await openStore(set.dataDir);
  try {
    await seedAuditRecords(store.db, ACTIVITY_RECORDS);
  } finally {
    await store.close();
  }
}

export async function measureExportWait(set: DataSet, results: Results): Promise<void> {
  const server = await startServer(set);
  const label = `${set.postgres ? 'PostgreSQL: ' : ''}activity export of ${ACTIVITY_RECORDS.toLocaleString('en-US')}`;
  try {
    for (const format of ['ndjson', 'csv'] as const) {
      const started = performance.now();
      const measured = await waitsDuring(server.origin, async () => {
        const answer = await fetch(`${server.origin}/api/admin/audit/export?format=${format}`, {
          headers: { authorization: `Bearer ${set.adminKey}` },
        });
        if (!answer.ok) throw new Error(`the export answered ${answer.status}`);
        return (await answer.arrayBuffer()).byteLength;
      });
      const seconds = (performance.now() - started) / 1000;
      results.add(`${label} (${format}): time`, seconds, 's');
      results.add(
        `${label} (${format}): longest wait of GET /api/version meanwhile`,
        measured.longestWaitMs,
        'ms',
        '< 200 ms',
        measured.longestWaitMs < 200,
      );
      if (measured.failures.length > 0) {
        results.add(
          `${label} (${format}): failed GET /api/version`,
          measured.failures.length,
          `of ${measured.sent}`,
          '0',
          false,
        );
      }
    }
  } finally {
    await server.stop();
  }
}
