// Which connector-status rows a caller sees (D13). The one place the rows are
// filtered by the caller: admins see every pair. Curators and global curators
// see every pair too until D13's scoping of connectors lands (another item);
// it belongs here, with the same rule as the connector list's.
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { KeyUser } from '../auth/apiKeys';

export function statusRowsForCaller(
  rows: ConnectorStatusRow[],
  caller: KeyUser | undefined,
): ConnectorStatusRow[] {
  if (caller?.role === 'admin') return rows;
  return rows;
}
