// D13's one home for "who sees" and "who may change" a connector or a
// credential. An admin sees and changes everything (scope null); a curator or
// global curator is scoped by their groups: the groups they belong to decide
// what they see, the groups they control decide what they change. Everything
// is read inside the caller's transaction, so a change of groups counts from
// the next request, on every instance (D13, "count from the next request").
import type { PairAccessType } from '../../src/contract/groups';
import { EMPTY_CREDENTIAL_ID } from '../../src/contract/rules';
import type { Db } from '../db/database';
import { problem } from '../http/problems';
import { credentialGroupRows } from '../repos/credentials';
import { connectorPairGroups, everyPairGroups, groupsOfMember } from '../repos/groups';

/** What a caller's groups let them do; null for an admin (everything). */
export interface Scope {
  userId: string;
  /** The groups they belong to: what they see. */
  member: ReadonlySet<number>;
  /** The groups they control (a curator: those they curate; a global curator: all theirs). */
  controlled: ReadonlySet<number>;
}

/** Anyone who may call the scoped routes: their id and role. */
export interface Caller {
  id: string;
  role: string;
}

/** The caller's scope, from one query of their memberships; null for an admin. */
export async function scopeOf(db: Db, caller: Caller): Promise<Scope | null> {
  if (caller.role === 'admin') return null;
  const rows = await groupsOfMember(db, caller.id);
  const member = new Set(rows.map((row) => Number(row.group_id)));
  const controlled = new Set(
    rows
      .filter((row) =>
        caller.role === 'global_curator'
          ? true
          : caller.role === 'curator' && Number(row.is_curator) === 1,
      )
      .map((row) => Number(row.group_id)),
  );
  return { userId: caller.id, member, controlled };
}

export interface PairAccess {
  access_type: PairAccessType;
  groups: number[];
}

export interface ConnectorAccess {
  creator_id: string | null;
  pairs: PairAccess[];
}

/** What the caller may do with one connector (D13). */
export interface ConnectorRights {
  see: boolean;
  change: boolean;
  delete: boolean;
}

const ALL_RIGHTS: ConnectorRights = { see: true, change: true, delete: true };

/** `sync` is stored and seen as public (D13). */
const isPrivate = (pair: PairAccess) => pair.access_type === 'private';

/** Groups all controlled, and at least one: a private pair with none is admins' only. */
export const controlsAll = (scope: Scope, groups: readonly number[]) =>
  groups.length > 0 && groups.every((group) => scope.controlled.has(group));

/**
 * D13. Sees: one of its pairs is public or in a group they belong to, or it has
 * no pair and they made it. Changes: every private pair (and there is one) is
 * in groups they control, or they made it and its pairs are all public.
 * Deletes: as changes, and a connector with a private pair is admins' only.
 */
export function connectorRights(scope: Scope | null, connector: ConnectorAccess): ConnectorRights {
  if (scope === null) return ALL_RIGHTS;
  const made = connector.creator_id === scope.userId;
  const see =
    connector.pairs.length === 0
      ? made
      : connector.pairs.some(
          (pair) => !isPrivate(pair) || pair.groups.some((group) => scope.member.has(group)),
        );
  const privatePairs = connector.pairs.filter(isPrivate);
  const change =
    see &&
    (privatePairs.length > 0
      ? privatePairs.every((pair) => controlsAll(scope, pair.groups))
      : made);
  return { see, change, delete: change && privatePairs.length === 0 };
}

/** D13: a pair is seen when it is not private, or is in a group the caller belongs to. */
export const seesPair = (scope: Scope | null, pair: PairAccess) =>
  scope === null || !isPrivate(pair) || pair.groups.some((group) => scope.member.has(group));

/** Each connector's maker and pairs (with their groups), for `ids` or every connector. */
export async function connectorAccess(
  db: Db,
  ids?: readonly number[],
): Promise<Map<number, ConnectorAccess>> {
  if (ids?.length === 0) return new Map();
  const access = new Map<number, ConnectorAccess>();
  const pairs = new Map<number, PairAccess>();
  for (const row of await connectorPairGroups(db, ids)) {
    const id = Number(row.id);
    let connector = access.get(id);
    if (!connector) access.set(id, (connector = { creator_id: row.creator_id, pairs: [] }));
    if (row.pair_id === null) continue;
    let pair = pairs.get(Number(row.pair_id));
    if (!pair) {
      pair = { access_type: row.access_type as PairAccessType, groups: [] };
      pairs.set(Number(row.pair_id), pair);
      connector.pairs.push(pair);
    }
    if (row.group_id !== null) pair.groups.push(Number(row.group_id));
  }
  return access;
}

/** The caller's rights on one connector; undefined when there is no such connector. */
export async function rightsOn(db: Db, scope: Scope | null, connectorId: number) {
  const access = (await connectorAccess(db, [connectorId])).get(connectorId);
  return access && connectorRights(scope, access);
}

/**
 * The ids of the connectors the caller sees; null for an admin (all of them).
 * For routes that list connectors in their own way (the connector-status list).
 */
export async function visibleConnectorIds(db: Db, caller: Caller): Promise<Set<number> | null> {
  const scope = await scopeOf(db, caller);
  if (scope === null) return null;
  const visible = new Set<number>();
  for (const [id, access] of await connectorAccess(db)) {
    if (connectorRights(scope, access).see) visible.add(id);
  }
  return visible;
}

/**
 * The connector a caller may change, or the answer that says why not: 404 as
 * if absent when they may not see it (D13: ids of other groups leak nothing),
 * 403 when they see it but may not change (or delete) it.
 */
export async function changeableConnector(
  db: Db,
  scope: Scope | null,
  connectorId: number,
  notFound: string,
  right: 'change' | 'delete' = 'change',
) {
  const rights = await rightsOn(db, scope, connectorId);
  if (!rights?.see) throw problem(404, notFound);
  if (!rights[right]) throw problem(403, CONNECTOR_REFUSALS[right]);
  return rights;
}

export const CONNECTOR_REFUSALS = {
  change:
    'Access denied. You may change only connectors whose private access is to groups you curate, or that you made and left public.',
  delete:
    'Access denied. A connector with a private credential pair can be deleted only by an admin.',
} as const;

export interface CredentialAccess {
  id: number;
  user_id?: string | null;
  curator_public?: boolean;
  groups?: readonly number[];
}

/** D13: a credential they made, `curator_public`, in a group they control, or credential 0. */
export function seesCredential(scope: Scope | null, credential: CredentialAccess) {
  if (scope === null) return true;
  return (
    credential.id === EMPTY_CREDENTIAL_ID ||
    credential.user_id === scope.userId ||
    credential.curator_public === true ||
    (credential.groups ?? []).some((group) => scope.controlled.has(group))
  );
}

/**
 * Changing (renaming, new values, deleting) a credential: one they made or
 * one in a group they control; one they only may use (`curator_public`) is not theirs to change.
 */
export function changesCredential(scope: Scope | null, credential: CredentialAccess) {
  if (scope === null) return true;
  return (
    credential.user_id === scope.userId ||
    (credential.groups ?? []).some((group) => scope.controlled.has(group))
  );
}

/** Each credential's maker, `curator_public` and groups, for `ids` or every credential. */
export async function credentialAccess(
  db: Db,
  ids?: readonly number[],
): Promise<Map<number, CredentialAccess>> {
  if (ids?.length === 0) return new Map();
  const access = new Map<number, CredentialAccess & { groups: number[] }>();
  for (const row of await credentialGroupRows(db, ids)) {
    const id = Number(row.id);
    let credential = access.get(id);
    if (!credential) {
      credential = {
        id,
        user_id: row.user_id,
        curator_public: Number(row.curator_public) === 1,
        groups: [],
      };
      access.set(id, credential);
    }
    if (row.group_id !== null) credential.groups.push(Number(row.group_id));
  }
  return access;
}

/** The ids among `ids` of the credentials the caller sees, in their order (all of them for an admin). */
export async function visibleCredentialIds(
  db: Db,
  scope: Scope | null,
  ids: readonly number[],
): Promise<number[]> {
  if (scope === null) return [...ids];
  const access = await credentialAccess(db, ids);
  return ids.filter((id) => {
    const credential = access.get(id);
    return credential !== undefined && seesCredential(scope, credential);
  });
}

/** The credential when the caller sees it (404 as if absent otherwise), with whether they may change it. */
export async function visibleCredential(db: Db, scope: Scope | null, id: number) {
  const credential = (await credentialAccess(db, [id])).get(id);
  if (!credential || !seesCredential(scope, credential)) {
    throw problem(404, `Credential ${id} does not exist`);
  }
  return { ...credential, change: changesCredential(scope, credential) };
}

/** The ids (as the activity log keeps them, text) of what a caller sees, by resource type. */
export type VisibleResources = Record<
  'connector' | 'credential' | 'cc_pair' | 'user_group',
  string[]
>;

/**
 * What the activity log shows a curator or global curator (D13): the records
 * of the connectors, pairs and credentials they see and of the groups they
 * control; null for an admin (every record).
 */
export async function visibleResources(db: Db, caller: Caller): Promise<VisibleResources | null> {
  const scope = await scopeOf(db, caller);
  if (scope === null) return null;
  const connectors = await connectorAccess(db);
  const pairs = await everyPairGroups(db);
  const credentials = await credentialAccess(db);
  const text = (ids: Iterable<number>) => [...new Set(ids)].map(String);
  return {
    connector: text(
      [...connectors].filter(([, access]) => connectorRights(scope, access).see).map(([id]) => id),
    ),
    cc_pair: text(
      pairs
        .filter(
          (pair) =>
            pair.access_type !== 'private' ||
            (pair.group_id !== null && scope.member.has(Number(pair.group_id))),
        )
        .map((pair) => Number(pair.id)),
    ),
    credential: text(
      [...credentials.values()].filter((c) => seesCredential(scope, c)).map((c) => c.id),
    ),
    user_group: text(scope.controlled),
  };
}
