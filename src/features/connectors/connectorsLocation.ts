// The list queries that the connectors page and its route loader both ask for
// (what the page reads from its address is paths.connectors.parse).
import { connectorListQuery } from '../../api/connectors';

/**
 * The page's lists for a filter: the filtered list, and the whole list, over
 * which the unfinished connectors are counted whatever the filter (D10).
 * Without a filter both are the same query.
 */
export const connectorsPageQueries = (credential: number | undefined) => ({
  filtered: connectorListQuery(credential === undefined ? {} : { credential }),
  everything: connectorListQuery(),
});
