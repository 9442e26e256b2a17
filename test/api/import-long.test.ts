// A long import (D11): its work outlasts the server's request and idle
// timeouts once the body is in, and the client still gets its answer; other
// requests are answered meanwhile (the work goes in parts that let them through).
import { describe, expect, it, vi } from 'vitest';
import type { ImportPlan } from '../../src/contract/configBundle';
import { useTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { waitsDuring } from '../support/waitsDuring';

vi.setConfig({ testTimeout: 120_000 });

// Limits far shorter than the import's work (a second or more): a quiet socket is cut after 250 ms.
const tight = useTestServer({ timeouts: { idleMs: 250, requestMs: 500, headersMs: 500 } });
const server = useTestServer();

const webConnectors = (count: number, prefix: string) => ({
  format_version: 1,
  connectors: Array.from({ length: count }, (_, i) => ({
    ref: `${prefix}-${i}`,
    name: `${prefix} docs ${i}`,
    source: 'web',
    input_type: 'load_state',
    connector_specific_config: { base_url: `https://docs${i}.${prefix}.example` },
  })),
  pairs: Array.from({ length: count }, (_, i) => ({
    connector: `${prefix}-${i}`,
    credential: null,
  })),
});

describe('an import longer than the server’s timeouts', () => {
  it('answers 200 with what it applied, on the connection that sent it', async () => {
    const response = await api(tight, 'POST', '/admin/import', {
      body: webConnectors(3000, 'long'),
    });
    expect(response.status, response.text).toBe(200);
    const plan = response.json as ImportPlan;
    expect(plan.applied).toBe(true);
    expect(plan.create).toHaveLength(6000);
    // Counted in the store: a list of 3,000 may itself outlast this server's idle limit.
    const made = await tight.store.db
      .selectFrom('connectors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ref', 'like', 'long-%')
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(3000);
  });

  it('lets other requests through while it runs: GET /api/version is answered meanwhile', async () => {
    const during = await waitsDuring(server.origin, () =>
      api(server, 'POST', '/admin/import', { body: webConnectors(3000, 'busy') }),
    );
    expect(during.result.status, during.result.text.slice(0, 300)).toBe(200);
    expect(during.failures).toEqual([]);
    // Held in one piece, the server answered 2 or 3 probes in all (those before it began).
    expect(during.answeredDuring).toBeGreaterThanOrEqual(10);
  });
});
