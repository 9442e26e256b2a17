// Configuration as code: an export of the large data set (10,000
// connectors) and a dry run of that bundle against the same server, each
// timed, then an import of as many new connectors (copies under new refs and
// names) while `GET /api/version` is sent every 20 ms: its time and the longest
// wait meanwhile; and the server's peak memory after all (targets: 5 s, 300 MB).
// test/api/configuration.test.ts and import-long.test.ts check what they
// answer; the time is the bench's.
import { API_PREFIX } from '../src/contract/endpoint';
import { exportConfiguration, importConfiguration } from '../src/contract/endpoints/configuration';
import type { DocumentSource } from '../src/contract/contract';
import { minimalConfig } from '../test/support/sourceConfigs';
import { waitsDuring } from '../test/support/waitsDuring';
import { startServer } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';

export async function measureConfigBundle(set: DataSet, results: Results): Promise<void> {
  const server = await startServer(set);
  const label = `configuration bundle of ${set.connectors.toLocaleString('en-US')} connectors`;
  const headers = { authorization: `Bearer ${set.adminKey}` };
  try {
    let started = performance.now();
    const exported = await fetch(`${server.origin}${API_PREFIX}${exportConfiguration.path}`, {
      headers,
    });
    if (!exported.ok) throw new Error(`the export answered ${exported.status}`);
    // The seed writes configs straight to the store, not all by their source's
    // rules (which an import checks): each connector gets its source's smallest
    // valid config, so the dry run plans 10,000 changes.
    const read = (await exported.json()) as {
      connectors: { source: DocumentSource; ref: string; name: string }[];
    };
    for (const connector of read.connectors) {
      Object.assign(connector, { connector_specific_config: minimalConfig(connector.source) });
    }
    const bundle = JSON.stringify(read);
    const exportSeconds = (performance.now() - started) / 1000;
    results.add(`${label}: export`, exportSeconds, 's', '< 5 s', exportSeconds < 5);

    started = performance.now();
    const planned = await fetch(
      `${server.origin}${API_PREFIX}${importConfiguration.path}?dry_run=true`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bundle },
    );
    if (!planned.ok)
      throw new Error(
        `the dry run answered ${planned.status}: ${(await planned.text()).slice(0, 500)}`,
      );
    await planned.arrayBuffer();
    const planSeconds = (performance.now() - started) / 1000;
    results.add(`${label}: dry run`, planSeconds, 's', '< 5 s', planSeconds < 5);

    // The same connectors again under new refs and names: 10,000 made in one import.
    const copies = JSON.stringify({
      format_version: 1,
      connectors: read.connectors.map((c) => ({
        ...c,
        ref: `${c.ref}-copy`,
        name: `${c.name} (copy)`,
      })),
    });
    started = performance.now();
    const applied = await waitsDuring(server.origin, () =>
      fetch(`${server.origin}${API_PREFIX}${importConfiguration.path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: copies,
      }).then(async (answer) => {
        const text = await answer.text();
        if (!answer.ok)
          throw new Error(`the import answered ${answer.status}: ${text.slice(0, 500)}`);
      }),
    );
    const applySeconds = (performance.now() - started) / 1000;
    results.add(`${label}: import of as many new`, applySeconds, 's', '< 5 s', applySeconds < 5);
    results.add(
      `${label}: longest wait of GET /api/version during the import`,
      applied.longestWaitMs,
      'ms',
      '< 200 ms',
      applied.longestWaitMs < 200,
    );

    const peak = server.peakRssMb();
    results.add(`${label}: server's peak memory`, peak, 'MB', '< 300 MB', peak < 300);
  } finally {
    await server.stop();
  }
}
