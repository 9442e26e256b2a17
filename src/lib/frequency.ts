// Refresh and prune intervals: entered in human units, sent in seconds, shown in words.
import { PRUNE_FREQ_MIN, REFRESH_FREQ_MIN } from '../contract/pairRules';
import { countOf } from './plural';

/**
 * The one table of units: the ones the forms offer, and the ones intervals are
 * put into words in (no weeks: a form could not show an interval as it reads).
 */
export const FREQUENCY_UNITS = ['minutes', 'hours', 'days'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
const SECONDS_PER_UNIT: Record<FrequencyUnit, number> = {
  minutes: 60,
  hours: 3600,
  days: 86400,
};

export interface HumanFrequency {
  amount: string;
  unit: FrequencyUnit;
}

/** The seconds an amount and unit stand for (the amount already checked as whole digits). */
export const frequencySeconds = ({ amount, unit }: HumanFrequency) =>
  Number(amount) * SECONDS_PER_UNIT[unit];

/** A number of units as a form takes it: whole, at most six digits. */
const WHOLE_AMOUNT = /^\d{1,6}$/;

/** The seconds of what is typed; null while the number is not a whole one. */
export const secondsOf = (value: HumanFrequency): number | null => {
  const amount = value.amount.trim();
  return WHOLE_AMOUNT.test(amount) ? frequencySeconds({ ...value, amount }) : null;
};

/** The largest unit that divides the seconds evenly; undefined when none does. */
const wholeUnit = (seconds: number): FrequencyUnit | undefined =>
  [...FREQUENCY_UNITS].reverse().find((u) => seconds % SECONDS_PER_UNIT[u] === 0);

/** Seconds back into the largest unit that divides them evenly (else whole minutes, rounded up). */
export function toHumanFrequency(seconds: number): HumanFrequency {
  const unit = wholeUnit(seconds);
  return unit
    ? { amount: String(seconds / SECONDS_PER_UNIT[unit]), unit }
    : { amount: String(Math.ceil(seconds / 60)), unit: 'minutes' };
}

/**
 * "1 minute", "90 minutes", "2 hours", "7 days": seconds in the largest unit the
 * forms offer that divides them evenly, else in seconds ("90 seconds"), so
 * nothing is rounded away. The one place seconds are put into words.
 */
export function inWords(seconds: number): string {
  const unit = Number.isInteger(seconds) && seconds > 0 ? wholeUnit(seconds) : undefined;
  const count = unit ? seconds / SECONDS_PER_UNIT[unit] : seconds;
  const units = unit ?? 'seconds';
  return countOf(count, units.slice(0, -1), units);
}

/** What follows "every": "hour" (not "1 hour"), "2 hours". */
const afterEvery = (seconds: number) => inWords(seconds).replace(/^1 /, '');

/** A refresh or prune interval in the lists: "every hour", "every day", "every 2 hours"; null is "never". */
export function formatFrequency(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'never';
  return `every ${afterEvery(seconds)}`;
}

/** The wizard's review: "Every hour (3600 seconds)", "Every 90 minutes (5400 seconds)". */
export function describeFrequency(seconds: number): string {
  return `Every ${afterEvery(seconds)} (${seconds} seconds)`;
}

export type Schedule = 'refresh' | 'prune';
/** The least each schedule may be (D4), in seconds. */
const SCHEDULE_MINIMUM: Record<Schedule, number> = {
  refresh: REFRESH_FREQ_MIN,
  prune: PRUNE_FREQ_MIN,
};

/**
 * What is wrong with a schedule as typed, in the words of the form's own units
 * (the server's "greater than or equal to 60" would be seconds beside a box in
 * hours); null when nothing is. `never`: an empty number means never (null).
 */
export function scheduleProblem(
  schedule: Schedule,
  value: HumanFrequency,
  { never = false }: { never?: boolean } = {},
): string | null {
  if (never && value.amount.trim() === '') return null;
  const seconds = secondsOf(value);
  if (seconds === null) {
    return never
      ? `Enter the ${schedule} interval as a whole number, or leave it empty for never`
      : `Enter the ${schedule} interval as a whole number, for example 1`;
  }
  const least = SCHEDULE_MINIMUM[schedule];
  return seconds < least
    ? `The ${schedule} interval must be at least ${inWords(least)} (${least} seconds): the server refuses less`
    : null;
}
