// D11, D12: SIGKILL in the middle of a stream of creations and
// attaches loses no acknowledged write and leaves nothing half-written.
// scripts/crash-check.ts does the work; a larger run: npm run crash-check.
import { expect, test } from 'vitest';
import { runCrashCheck } from '../../scripts/crash-check';

test('D12 every write answered 200 survives two SIGKILLs; integrity_check is ok', async () => {
  const report = await runCrashCheck({ cycles: 2, requests: 300, concurrency: 8 });
  expect(report.problems).toEqual([]);
  expect(report.unexpected).toBe(0);
  expect(report.acknowledged).toBeGreaterThan(100);
  expect(report.found).toBe(report.acknowledged);
  expect(report.lost).toBe(0);
  expect(report.ok).toBe(true);
}, 60_000);
