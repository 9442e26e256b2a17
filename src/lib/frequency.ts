// Refresh and prune intervals: entered in human units, sent in seconds.
import { PRUNE_FREQ_MIN, REFRESH_FREQ_MIN } from '../api/contractRules';

export const FREQUENCY_UNITS = ['minutes', 'hours', 'days'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
export const SECONDS_PER_UNIT: Record<FrequencyUnit, number> = {
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

/** Seconds back into the largest unit that divides them evenly. */
export function toHumanFrequency(seconds: number): HumanFrequency {
  const unit = [...FREQUENCY_UNITS].reverse().find((u) => seconds % SECONDS_PER_UNIT[u] === 0);
  return unit
    ? { amount: String(seconds / SECONDS_PER_UNIT[unit]), unit }
    : { amount: String(Math.ceil(seconds / 60)), unit: 'minutes' };
}

/** "Every 1 hour (3600 seconds)", "Every 90 minutes (5400 seconds)" */
export function describeFrequency(seconds: number): string {
  return `Every ${inWords(seconds)} (${seconds} seconds)`;
}

export type Schedule = 'refresh' | 'prune';
/** The least each schedule may be (D4), in seconds. */
const SCHEDULE_MINIMUM: Record<Schedule, number> = {
  refresh: REFRESH_FREQ_MIN,
  prune: PRUNE_FREQ_MIN,
};

/** "1 minute", "5 minutes": seconds in the largest whole unit. */
function inWords(seconds: number) {
  const { amount, unit } = toHumanFrequency(seconds);
  return `${amount} ${amount === '1' ? unit.slice(0, -1) : unit}`;
}

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
