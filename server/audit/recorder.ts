// How a request becomes an activity record: who (the key's user and the key),
// from where (address, user agent, request id), which action (one table for
// every write route, so a refusal is named like the success it would have
// been), and the fields before and after, secrets masked as D6 masks them.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { KEY_COMMAND_AGENT, type AuditAction } from '../../src/contract/audit';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints/all';
import { API_PREFIX, routeUrl } from '../../src/contract/endpoint';
import type { Db } from '../db/database';
import { insertAudit, insertAudits, type AuditRow } from '../repos/audit';
import type { KeyUser } from '../auth/apiKeys';

/** Every route that changes something, by method and Fastify path, and the action it records. */
export const WRITE_ACTIONS: Readonly<Record<string, AuditAction>> = Object.fromEntries(
  ALL_ENDPOINTS.flatMap(({ method, path, action }) =>
    action ? [[`${method} ${API_PREFIX}${routeUrl(path)}`, action]] : [],
  ),
);

export const routeAction = (request: FastifyRequest): AuditAction | undefined =>
  WRITE_ACTIONS[`${request.method} ${request.routeOptions.url ?? ''}`];

export interface AuditEntry {
  /** The route's own action unless said (a credential deleted with ?force also detaches). */
  action?: AuditAction;
  resource_type: string;
  resource_id: string | number | null;
  resource_name?: string | null;
  changes?: Record<string, unknown>;
}

/** Records one change in the transaction that makes it. */
export type AuditLog = (entry: AuditEntry) => Promise<void>;

type View = Record<string, unknown> | null | undefined;
/** Fields that move on every change and say nothing of it. */
const UNTOLD = new Set(['time_created', 'time_updated']);

/** The fields that differ, each as {before, after} (null where it did not exist). */
export function changesBetween(before: View, after: View): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (UNTOLD.has(key)) continue;
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

const text = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(', ') : value)?.slice(0, 512) ?? null;

/** Who asked, and from where: a request's caller, or a command run on the server's machine. */
interface Origin {
  actor: KeyUser | undefined;
  address: string | null;
  user_agent: string | null;
  request_id: string | null;
}

function recordRow(
  origin: Origin,
  action: AuditAction,
  outcome: 'success' | 'denied',
  entry: Omit<AuditEntry, 'action'>,
): AuditRow {
  const { actor } = origin;
  return {
    time: new Date().toISOString(),
    action,
    outcome,
    actor_user_id: actor?.id ?? null,
    actor_email: actor?.email ?? null,
    actor_api_key_id: actor?.api_key_id ?? null,
    resource_type: entry.resource_type,
    resource_id: entry.resource_id === null ? null : String(entry.resource_id),
    resource_name: entry.resource_name ?? null,
    address: origin.address,
    user_agent: origin.user_agent,
    request_id: origin.request_id,
    changes: JSON.stringify(entry.changes ?? {}),
  };
}

export function auditRow(
  request: FastifyRequest,
  actor: KeyUser | undefined,
  action: AuditAction,
  outcome: 'success' | 'denied',
  entry: Omit<AuditEntry, 'action'>,
): AuditRow {
  const origin = {
    actor,
    address: request.ip,
    user_agent: text(request.headers['user-agent']),
    request_id: String(request.id),
  };
  return recordRow(origin, action, outcome, entry);
}

/** The log a write's work is given: bound to its transaction and its caller. */
export function auditLogFor(trx: Db, request: FastifyRequest): AuditLog {
  return async (entry) => {
    const action = entry.action ?? routeAction(request);
    if (!action) throw new Error(`no audit action for ${request.method} ${request.url}`);
    await insertAudit(trx, auditRow(request, request.user, action, 'success', entry));
  };
}

/**
 * The log of a write that makes many changes (an import): its records kept in
 * order and written many a statement by `flush`, in the same transaction.
 */
export function batchedLogFor(trx: Db, request: FastifyRequest) {
  const rows: AuditRow[] = [];
  const log: AuditLog = async (entry) => {
    const action = entry.action ?? routeAction(request);
    if (!action) throw new Error(`no audit action for ${request.method} ${request.url}`);
    rows.push(auditRow(request, request.user, action, 'success', entry));
  };
  /** Writes the records kept, 500 a statement, letting others through between statements. */
  const flush = async () => {
    while (rows.length > 0) {
      await insertAudits(trx, rows.splice(0, 500));
      await nextTurn();
    }
  };
  return { log, flush };
}

/** What a refused write would have changed: the action's kind and the path's id. */
function refusedResource(request: FastifyRequest, action: AuditAction) {
  const params = (request.params ?? {}) as Record<string, string>;
  const type = action.split('.')[0]!;
  const id =
    type === 'cc_pair'
      ? `${params.connector_id}/${params.credential_id}`
      : (params.connector_id ?? params.credential_id ?? params.api_key_id ?? null);
  return { resource_type: type, resource_id: id };
}

/**
 * A write refused (403) is recorded on its own, since the refused request
 * changes nothing. A failure to record is logged, never turned into another answer.
 */
export async function recordDenied(db: Db, request: FastifyRequest, actor: KeyUser | undefined) {
  const action = routeAction(request);
  if (!action) return;
  const row = auditRow(request, actor, action, 'denied', refusedResource(request, action));
  await insertAudit(db, row).catch((error: unknown) =>
    request.log.error({ err: error }, 'the refusal could not be recorded'),
  );
}

/**
 * The log of work done on the server's machine with no caller (`npm run keys`,
 * or the start that makes the first admin), bound to its transaction: no actor
 * and no address; the user agent names what did it. Each entry names its
 * action, as no route does it.
 */
export function machineLog(trx: Db, agent: string = KEY_COMMAND_AGENT): AuditLog {
  const origin = {
    actor: undefined,
    address: null,
    user_agent: agent,
    request_id: null,
  };
  return async ({ action, ...entry }) => {
    if (!action) throw new Error(`${agent} names the action it records`);
    await insertAudit(trx, recordRow(origin, action, 'success', entry));
  };
}
