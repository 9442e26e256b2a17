import { expect, it } from 'vitest';
import { AuthFailures } from './authFailures';

it('counts per address within a window, and forgets when the window ends', () => {
  const failures = new AuthFailures({ failures: 2, windowMs: 10_000 });
  failures.record('a', 0);
  expect(failures.retryAfter('a', 1_000)).toBe(0);
  failures.record('a', 1_000);
  expect(failures.retryAfter('a', 1_000)).toBe(9);
  expect(failures.retryAfter('b', 1_000)).toBe(0);
  expect(failures.retryAfter('a', 9_500)).toBe(1);
  expect(failures.retryAfter('a', 10_000)).toBe(0);
  failures.record('a', 10_000);
  expect(failures.retryAfter('a', 10_001)).toBe(0);
});
