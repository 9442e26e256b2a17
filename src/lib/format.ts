// Dates as a person reads them (intervals: lib/frequency).

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
