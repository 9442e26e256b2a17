// D2 with a limit on wrong keys per address: past it, wrong keys get 429 with
// Retry-After and `detail`; a correct key still passes at once.
import { expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { api, NOT_AUTHENTICATED } from '../support/http';

const server = useTestServer({ authFailureLimit: { failures: 5, windowMs: 60_000 } });

it('five wrong keys get 401, the next ones 429 with Retry-After; the right key still works', async () => {
  const wrong = () => api(server, 'GET', '/manage/admin/connector', { key: 'sd_guess' });
  for (let i = 0; i < 5; i++) {
    const response = await wrong();
    expect([response.status, response.json]).toEqual([401, NOT_AUTHENTICATED]);
  }
  const limited = await wrong();
  expect(limited.status).toBe(429);
  const retryAfter = Number(limited.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(limited.json).toEqual({
    detail: `Too many wrong or missing keys from this address: try again in ${retryAfter} seconds.`,
  });
  expect((await api(server, 'GET', '/manage/admin/connector', { key: null })).status).toBe(429);

  expect((await api(server, 'GET', '/manage/admin/connector')).status).toBe(200);
  expect((await api(server, 'GET', '/versions', { key: 'sd_guess' })).status).toBe(200);
});
