import { describe, expect, test } from 'vitest';
import { REFRESH_FREQ_MIN } from '../contract/rules';
import {
  describeFrequency,
  formatFrequency,
  inWords,
  scheduleProblem,
  secondsOf,
  toHumanFrequency,
} from './frequency';

describe('secondsOf', () => {
  test.each([
    [{ amount: '2', unit: 'hours' as const }, 7200],
    [{ amount: ' 5 ', unit: 'minutes' as const }, 300],
    [{ amount: '', unit: 'days' as const }, null],
    [{ amount: '1.5', unit: 'hours' as const }, null],
    [{ amount: '1234567', unit: 'minutes' as const }, null],
  ])('%o → %s', (value, seconds) => expect(secondsOf(value)).toBe(seconds));
});

describe('scheduleProblem: the schedule rules in the units the form shows (D4)', () => {
  test('at or above the least the server takes: nothing', () => {
    expect(scheduleProblem('refresh', { amount: '1', unit: 'minutes' })).toBeNull();
    expect(scheduleProblem('prune', { amount: '5', unit: 'minutes' })).toBeNull();
  });
  test('below it: the least in words and seconds, whatever unit was chosen', () => {
    expect(scheduleProblem('refresh', { amount: '0', unit: 'hours' })).toBe(
      'The refresh interval must be at least 1 minute (60 seconds): the server refuses less',
    );
    expect(scheduleProblem('prune', { amount: '4', unit: 'minutes' })).toBe(
      'The prune interval must be at least 5 minutes (300 seconds): the server refuses less',
    );
  });
  test('not a whole number; empty is "never" only where the form allows it', () => {
    expect(scheduleProblem('refresh', { amount: '', unit: 'hours' })).toBe(
      'Enter the refresh interval as a whole number, for example 1',
    );
    expect(scheduleProblem('refresh', { amount: '', unit: 'hours' }, { never: true })).toBeNull();
    expect(scheduleProblem('prune', { amount: 'ten', unit: 'days' }, { never: true })).toBe(
      'Enter the prune interval as a whole number, or leave it empty for never',
    );
  });
  test('the least comes from the contract', () => {
    const least = toHumanFrequency(REFRESH_FREQ_MIN);
    expect(scheduleProblem('refresh', least)).toBeNull();
  });
});

describe('inWords: the largest unit of the forms that divides the seconds, nothing rounded', () => {
  test.each([
    [60, '1 minute'],
    [1800, '30 minutes'],
    [5400, '90 minutes'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [90_000, '25 hours'],
    [86_400, '1 day'],
    [604_800, '7 days'],
    [1_209_600, '14 days'],
    [86_400_000, '1,000 days'],
    [90, '90 seconds'],
    [1, '1 second'],
  ])('%s seconds → %s', (seconds, words) => expect(inWords(seconds)).toBe(words));
});

describe('formatFrequency: the lists and the connector page, in the same words', () => {
  test.each([
    [null, 'never'],
    [undefined, 'never'],
    [60, 'every minute'],
    [1800, 'every 30 minutes'],
    [3600, 'every hour'],
    [7200, 'every 2 hours'],
    [86_400, 'every day'],
    [172_800, 'every 2 days'],
    [604_800, 'every 7 days'],
    [90, 'every 90 seconds'],
  ])('%s → %s', (seconds, text) => expect(formatFrequency(seconds)).toBe(text));
});

describe('describeFrequency: the review says what the list will say, and the seconds', () => {
  test.each([
    [3600, 'Every hour (3600 seconds)'],
    [86_400, 'Every day (86400 seconds)'],
    [5400, 'Every 90 minutes (5400 seconds)'],
  ])('%s → %s', (seconds, text) => expect(describeFrequency(seconds)).toBe(text));
  test('the same words as the list, capitalised', () => {
    for (const seconds of [60, 3600, 7200, 86_400, 604_800]) {
      expect(describeFrequency(seconds)).toBe(
        `E${formatFrequency(seconds).slice(1)} (${seconds} seconds)`,
      );
    }
  });
});
