import { expect, test } from 'vitest';
import { formatDateTime } from './format';

test('a date-time reads as day, month, year and time in the given zone', () => {
  expect(formatDateTime('2026-11-21T05:44:02.123Z', 'UTC')).toBe('21 Nov 2026, 05:44');
  expect(formatDateTime('2026-11-21T05:44:02Z', 'Europe/Berlin')).toBe('21 Nov 2026, 06:44');
});

test('text that is not a date is shown as it came', () => {
  expect(formatDateTime('not a date')).toBe('not a date');
});
