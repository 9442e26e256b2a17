// Which connector-status rows a caller sees (D13): the one place the rows are
// filtered by the caller. Admins see every pair; curators and global curators
// a pair they see (public, or in a group of theirs) of a connector they see,
// holding a credential they see (server/groups/visibility.ts): never another
// group's pair, nor a credential's name, maker or masked values D13 hides.
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { KeyUser } from '../auth/apiKeys';
import type { Db } from '../db/database';
import { scopeOf, seesCredential, seesPair, visibleConnectorIds } from '../groups/visibility';

/**
 * Which rows the caller sees, read inside a transaction and applied after it
 * (connector-status makes its rows once the transaction ended); null: all.
 */
export async function statusRowFilter(
  db: Db,
  caller: KeyUser,
): Promise<((row: ConnectorStatusRow) => boolean) | null> {
  const visible = await visibleConnectorIds(db, caller);
  if (visible === null) return null;
  const scope = await scopeOf(db, caller);
  return (row) =>
    visible.has(row.connector.id) && seesPair(scope, row) && seesCredential(scope, row.credential);
}
