// Small pieces the readers share: the config read with the source's contract
// (the wizard's keys, src/contract/sources/), the poll window in the minute
// precision Jira's JQL and Confluence's CQL take, and a page size within the
// batch limit.
import { SOURCE_CONTRACTS, type CatalogueSource } from '../../src/contract/sources/catalogue';
import { ConfigProblem } from './types';

/** The config as its contract reads it; a config the contract refuses is a ConfigProblem. */
export function checkedConfig(source: CatalogueSource, config: Record<string, unknown>) {
  const parsed = SOURCE_CONTRACTS[source].config.safeParse(config);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ConfigProblem(`The connector's settings are not valid (${where}${issue.message})`);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `yyyy-MM-dd HH:mm` in UTC, as JQL and CQL compare dates. */
export function minuteText(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  );
}

/** A date the source wrote, as ISO 8601; null when it does not parse. */
export function isoOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Jira writes +0000 where ISO 8601 (and Date.parse) want +00:00.
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A page of a source's API: its largest page, and never more than one batch. */
export const pageSize = (batchSize: number, sourceMax: number) =>
  Math.max(1, Math.min(batchSize, sourceMax));
