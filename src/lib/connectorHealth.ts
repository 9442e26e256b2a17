// A connector's health as the panel shows it, from its pairs' rows
// of GET /connector-status: the worst of its pairs' statuses, and every reason
// one of them needs attention. The server decides each pair's (server/health/attention.ts).
import type { Attention, CcPairStatus, ConnectorStatusRow } from '../contract/health';

/** What workers reported of a connector's pairs (D14); `reported` false until one did. */
export interface Indexing {
  reported: boolean;
  inProgress: boolean;
  /** The latest end of a successful index run of any of its pairs. */
  lastSuccess: string | null;
  /** Documents in its pairs' inventories. */
  documents: number | null;
}

export interface ConnectorHealth {
  status: CcPairStatus;
  attention: Attention[];
  indexing?: Indexing;
}

const NOT_REPORTED: Indexing = {
  reported: false,
  inProgress: false,
  lastSuccess: null,
  documents: null,
};

function addIndexing(known: Indexing, row: ConnectorStatusRow): Indexing {
  if (row.docs_indexed === null && row.in_progress === null) return known;
  const lastSuccess =
    known.lastSuccess === null ||
    (row.last_success !== null && row.last_success > known.lastSuccess)
      ? row.last_success
      : known.lastSuccess;
  return {
    reported: true,
    inProgress: known.inProgress || row.in_progress === true,
    lastSuccess,
    documents: (known.documents ?? 0) + (row.docs_indexed ?? 0),
  };
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
      indexing: addIndexing(known?.indexing ?? NOT_REPORTED, row),
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
  const reason = (name: Attention['reason']) => health.attention.find((a) => a.reason === name);
  if (reason('sync_stalled')) return 'Stalled';
  // The server's words lead its message: "Failed 5 times in a row: …" or "The last run failed: …".
  const failed = reason('sync_failed');
  if (failed)
    return failed.message.split(':')[0]!.replace('The last run failed', 'Last run failed');
  if (reason('waiting_for_worker')) return 'Waiting for a worker';
  if (health.indexing?.inProgress) return 'Indexing';
  return health.attention.length > 0 ? 'Needs attention' : 'Healthy';
}
