// Refresh and prune intervals: entered in human units, sent in seconds.
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
export const WHOLE_AMOUNT = /^\d{1,6}$/;

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
  const { amount, unit } = toHumanFrequency(seconds);
  const word = amount === '1' ? unit.slice(0, -1) : unit;
  return `Every ${amount} ${word} (${seconds} seconds)`;
}
