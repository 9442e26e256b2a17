import { expect, test } from 'vitest';
import { formatDateTime, formatFrequency } from './format';

test.each([
  [null, 'never'],
  [undefined, 'never'],
  [3600, 'every hour'],
  [86_400, 'daily'],
  [7200, 'every 2 hours'],
  [1800, 'every 30 minutes'],
  [60, 'every minute'],
  [90, 'every 90 seconds'],
  [5400, 'every 90 minutes'],
  [172_800, 'every 2 days'],
  [604_800, 'weekly'],
  [1_209_600, 'every 2 weeks'],
  [90_000, 'every 25 hours'],
])('formatFrequency(%s) is %s', (seconds, text) => {
  expect(formatFrequency(seconds)).toBe(text);
});

test('a date-time reads as day, month, year and time in the given zone', () => {
  expect(formatDateTime('2026-11-21T05:44:02.123Z', 'UTC')).toBe('21 Nov 2026, 05:44');
  expect(formatDateTime('2026-11-21T05:44:02Z', 'Europe/Berlin')).toBe('21 Nov 2026, 06:44');
});

test('text that is not a date is shown as it came', () => {
  expect(formatDateTime('not a date')).toBe('not a date');
});
