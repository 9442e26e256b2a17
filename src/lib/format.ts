// Numbers and dates as a person reads them.

const UNITS: [seconds: number, one: string, many: string][] = [
  [7 * 86_400, 'weekly', 'weeks'],
  [86_400, 'daily', 'days'],
  [3_600, 'every hour', 'hours'],
  [60, 'every minute', 'minutes'],
  [1, 'every second', 'seconds'],
];

/** A refresh or prune interval in seconds: "every hour", "daily", "every 2 hours"; null is "never". */
export function formatFrequency(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'never';
  if (!Number.isFinite(seconds) || seconds <= 0) return `every ${seconds} seconds`;
  // The largest unit that divides the interval exactly, so nothing is rounded away.
  const [size, one, many] =
    UNITS.find(([unit]) => seconds % unit === 0) ?? UNITS[UNITS.length - 1]!;
  const count = seconds / size;
  return count === 1 ? one : `every ${count.toLocaleString('en')} ${many}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "21 Nov 2026, 05:44" in the reader's time zone (or `timeZone`); text that is no date stays as it is. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(date);
}
