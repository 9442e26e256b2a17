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

/**
 * An ISO date-time as a `datetime-local` input holds it: "2026-11-21T05:44" in
 * the reader's time zone ('' for no date or text that is none).
 */
export function toDateTimeInput(iso: string | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The reverse: a `datetime-local` value (the reader's time) as ISO, UTC ('' for none). */
export function fromDateTimeInput(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}
