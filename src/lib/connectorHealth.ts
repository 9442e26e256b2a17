// A connector's health as the panel shows it, from its pairs' rows
// of GET /connector-status: the worst of its pairs' statuses, and every reason
// one of them needs attention. The server decides each pair's (server/health/attention.ts).
import type { Attention, CcPairStatus, ConnectorStatusRow } from '../contract/health';

export interface ConnectorHealth {
  status: CcPairStatus;
  attention: Attention[];
}

const WORST_FIRST: readonly CcPairStatus[] = ['INVALID', 'PAUSED', 'ACTIVE'];

/** Connector id → its health; a connector with no pair has none. */
export function healthByConnector(
  rows: readonly ConnectorStatusRow[],
): ReadonlyMap<number, ConnectorHealth> {
  const health = new Map<number, ConnectorHealth>();
  for (const row of rows) {
    const known = health.get(row.connector.id);
    const status =
      known && WORST_FIRST.indexOf(known.status) < WORST_FIRST.indexOf(row.cc_pair_status)
        ? known.status
        : row.cc_pair_status;
    health.set(row.connector.id, {
      status,
      attention: [...(known?.attention ?? []), ...row.needs_attention],
    });
  }
  return health;
}

/** How many connectors need attention (the navigation's count). */
export const countNeedingAttention = (rows: readonly ConnectorStatusRow[]) =>
  new Set(rows.filter((row) => row.needs_attention.length > 0).map((row) => row.connector.id)).size;

/** The word a person reads for a status (never colour alone: HealthMark adds an icon). */
export function healthWord(health: ConnectorHealth): string {
  if (health.status === 'INVALID') return 'Failing';
  if (health.status === 'PAUSED') return 'Paused';
  return health.attention.length > 0 ? 'Needs attention' : 'Healthy';
}
