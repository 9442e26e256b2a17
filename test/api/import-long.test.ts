// A long import (D11): its work outlasts the server's request and idle
// timeouts once the body is in, and the client still gets its answer.
import { describe, expect, it, vi } from 'vitest';
import type { ImportPlan } from '../../src/contract/configBundle';
import { useTestServer } from '../support/useTestServer';
import { api } from '../support/http';

vi.setConfig({ testTimeout: 120_000 });

const server = useTestServer({ timeouts: { idleMs: 50, requestMs: 300, headersMs: 200 } });

const manyUsers = (count: number) => ({
  format_version: 1,
  users: Array.from({ length: count }, (_, i) => ({ email: `person${i}@long.example` })),
});

describe('an import longer than the request timeout', () => {
  it('answers 200 with what it applied, over the same connection', async () => {
    const started = performance.now();
    const response = await api(server, 'POST', '/admin/import', { body: manyUsers(1500) });
    console.log('took', performance.now() - started);
    expect(response.status, response.text).toBe(200);
    const plan = response.json as ImportPlan;
    expect(plan.applied).toBe(true);
    expect(plan.create).toHaveLength(1500);
  });
});
