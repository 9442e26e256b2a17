// CSV answers (the activity log's export, the users' download): one home for
// how a field is written.

/** One CSV field: quoted when it must be; text a spreadsheet would run as a formula is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, ended as RFC 4180 ends lines. */
export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;
