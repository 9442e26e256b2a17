// Which connector-status rows a caller sees (D13): the one place the rows are
// filtered by the caller. Admins see every pair; curators and global curators
// the pairs of the connectors they see, by the connector list's own rule
// (server/groups/visibility.ts).
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { KeyUser } from '../auth/apiKeys';
import type { Db } from '../db/database';
import { visibleConnectorIds } from '../groups/visibility';

export async function statusRowsForCaller(
  db: Db,
  rows: ConnectorStatusRow[],
  caller: KeyUser,
): Promise<ConnectorStatusRow[]> {
  const visible = await visibleConnectorIds(db, caller);
  return visible === null ? rows : rows.filter((row) => visible.has(row.connector.id));
}
