// The activity export beside other requests (the
// scale rows): an export of the scale set's 1,000,000 records
// (bench/scaleSeed.ts) as NDJSON and as CSV while `GET /api/version` is sent
// every 20 ms, as a health check would; the longest wait of those is a figure,
// and so is the server's peak RSS (a fresh server: the exports are all it did).
// (test/process/audit-export.test.ts checks that the exports are complete and
// that answers arrive meanwhile; the time is the bench's to tell.)
import { count, scaleRows } from './config';
import { waitsDuring } from '../test/support/waitsDuring';
import { startServer } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';

/** The export's memory target: it streams, so it holds a chunk, not the log. */
const RSS_TARGET_MB = 250;

export async function measureExportWait(set: DataSet, results: Results): Promise<void> {
  const server = await startServer(set);
  const label = `${set.postgres ? 'PostgreSQL: ' : ''}activity export of ${count(scaleRows.activity)}`;
  try {
    for (const format of ['ndjson', 'csv'] as const) {
      const started = performance.now();
      const measured = await waitsDuring(server.origin, async () => {
        const answer = await fetch(`${server.origin}/api/admin/audit/export?format=${format}`, {
          headers: { authorization: `Bearer ${set.adminKey}` },
        });
        if (!answer.ok || !answer.body) throw new Error(`the export answered ${answer.status}`);
        // Counted as it arrives: a million records are half a gigabyte.
        let bytes = 0;
        const reader = answer.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read())
          bytes += read.value.byteLength;
        return bytes;
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
    const rss = server.peakRssMb();
    results.add(
      `${label}: server peak RSS (both exports)`,
      rss,
      'MB',
      `< ${RSS_TARGET_MB} MB`,
      rss < RSS_TARGET_MB,
    );
  } finally {
    await server.stop();
  }
}
