import { expect, test } from 'vitest';
import { formatDateTime, fromDateTimeInput, toDateTimeInput } from './format';

test('a date-time reads as day, month, year and time in the given zone', () => {
  expect(formatDateTime('2026-11-21T05:44:02.123Z', 'UTC')).toBe('21 Nov 2026, 05:44');
  expect(formatDateTime('2026-11-21T05:44:02Z', 'Europe/Berlin')).toBe('21 Nov 2026, 06:44');
});

test('text that is not a date is shown as it came', () => {
  expect(formatDateTime('not a date')).toBe('not a date');
});

test('a date-time goes into a datetime-local input in local time and comes back the same', () => {
  const iso = '2026-11-21T05:44:00.000Z';
  const input = toDateTimeInput(iso);
  expect(input).toMatch(/^2026-11-2\dT\d\d:44$/);
  expect(fromDateTimeInput(input)).toBe(iso);
  expect(toDateTimeInput('not a date')).toBe('');
  expect(toDateTimeInput(undefined)).toBe('');
  expect(fromDateTimeInput('')).toBe('');
});
