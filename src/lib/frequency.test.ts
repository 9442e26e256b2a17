import { describe, expect, test } from 'vitest';
import { REFRESH_FREQ_MIN } from '../api/contractRules';
import { describeFrequency, scheduleProblem, secondsOf, toHumanFrequency } from './frequency';

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

test('describeFrequency', () => {
  expect(describeFrequency(5400)).toBe('Every 90 minutes (5400 seconds)');
});
