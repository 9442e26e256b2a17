// What the connectors page reads from its URL (the credential filter), and the
// list queries that the page and its route loader both ask for.
import { connectorListQuery } from '../../api/connectors';

/** `?credential=7` → 7; no value, an empty one or one that is no id → no filter. */
export function credentialFilterFrom(searchParams: URLSearchParams): number | undefined {
  const value = searchParams.get('credential');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The text of a `credential` parameter that is no credential id (`?credential=abc`), else null. */
export function badCredentialParam(searchParams: URLSearchParams): string | null {
  const value = searchParams.get('credential');
  return value && credentialFilterFrom(searchParams) === undefined ? value : null;
}

/**
 * The page's lists for a filter: the filtered list, and the whole list, over
 * which the unfinished connectors are counted whatever the filter (D10).
 * Without a filter both are the same query.
 */
export const connectorsPageQueries = (credential: number | undefined) => ({
  filtered: connectorListQuery(credential === undefined ? {} : { credential }),
  everything: connectorListQuery(),
});
