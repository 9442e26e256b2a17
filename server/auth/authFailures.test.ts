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

it('counts IPv6 addresses per /64 (one host holds a whole /64), IPv4 per address, IPv4-mapped as IPv4', () => {
  const failures = new AuthFailures({ failures: 2, windowMs: 10_000 });
  failures.record('2001:db8:1:2::1', 0);
  failures.record('2001:0db8:0001:0002:ffff:ffff:ffff:fffe', 0);
  expect(failures.retryAfter('2001:db8:1:2:abcd::9', 0)).toBe(10);
  expect(failures.retryAfter('2001:db8:1:3::1', 0)).toBe(0);
  expect(failures.retryAfter('::1', 0)).toBe(0);

  failures.record('::ffff:192.0.2.7', 0);
  failures.record('192.0.2.7', 0);
  expect(failures.retryAfter('192.0.2.7', 0)).toBe(10);
  expect(failures.retryAfter('::ffff:c000:207', 0)).toBe(10); // the same address, in hex
  expect(failures.retryAfter('192.0.2.8', 0)).toBe(0);
  expect(failures.retryAfter('fe80::1%eth0', 0)).toBe(0);
});
