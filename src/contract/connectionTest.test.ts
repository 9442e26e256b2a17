import { expect, test } from 'vitest';
import { overallOutcome } from './connectionTest';

const check = (ok: boolean | null) => ({ name: 'c', ok, message: 'm' });

test('overall: false if any failed, null if none failed and some were not checked, true only if all passed', () => {
  expect(overallOutcome([check(true), check(null), check(false)])).toBe(false);
  expect(overallOutcome([check(true), check(null)])).toBeNull();
  expect(overallOutcome([check(true), check(true)])).toBe(true);
  expect(overallOutcome([])).toBeNull(); // nothing tried is no pass
});
