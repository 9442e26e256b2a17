// D13 for document sets: who sees a set, who changes it, which pairs they may
// put in it and which groups they may share it with. An admin (scope null) sees
// and changes every set; anyone else sees a public set, a set of a group they
// belong to, or a private set with no group that they made; they change a set
// whose every group they control (one at least), or one with no group that they
// made. Deleting a public set is admins'.
import { DOCUMENT_SET_REFUSALS, type DocumentSetSummary } from '../../src/contract/documentSets';
import { GROUP_CHOICE_REFUSALS, type UserGroup } from '../../src/contract/groups';
import type { Db } from '../db/database';
import { problem } from '../http/problems';
import { pairAccess, unknownPairIds } from '../repos/groups';
import { loadSets, setIdsOfGroups, type StoredSet } from '../repos/documentSets';
import { inventorySizes } from '../repos/pairDocuments';
import { reportedPairIds } from '../repos/syncJobs';
import type { Scope } from './visibility';

/** `sync` is stored and seen as public (D13). */
const seesPair = (scope: Scope | null, pair: { access_type: string; groups: number[] }) =>
  scope === null ||
  pair.access_type !== 'private' ||
  pair.groups.some((group) => scope.member.has(group));

export function seesSet(scope: Scope | null, set: StoredSet): boolean {
  if (scope === null || set.is_public) return true;
  if (set.groups.length === 0) return set.user_id === scope.userId;
  return set.groups.some((group) => scope.member.has(group));
}

export function changesSet(scope: Scope | null, role: string, set: StoredSet): boolean {
  if (scope === null) return true;
  if (role === 'basic' || !seesSet(scope, set)) return false;
  if (set.groups.length === 0) return set.user_id === scope.userId;
  return set.groups.every((group) => scope.controlled.has(group));
}

/**
 * The set as the caller reads it: the pairs they may not see are left out (a
 * public set may hold a pair private to a group they are not in: its name is
 * not theirs to read).
 */
export function summaryOf(
  scope: Scope | null,
  role: string,
  set: StoredSet,
  documentCount: number | null,
): DocumentSetSummary {
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    cc_pair_summaries: set.pairs
      .filter((pair) => seesPair(scope, pair))
      .map(({ id, name, source, access_type }) => ({ id, name, source, access_type })),
    // Sourcedesk keeps no search index: a set applies as soon as it is saved.
    is_up_to_date: true,
    is_public: set.is_public,
    users: [],
    groups: set.groups,
    document_count: documentCount,
    is_editable: changesSet(scope, role, set),
  };
}

/**
 * The stored set the caller may change: 404 when they do not see it (as if it
 * did not exist, D13), 403 when they see it but may not change it.
 */
export function changeableSet(
  scope: Scope | null,
  role: string,
  id: number,
  set: StoredSet | undefined,
): StoredSet {
  if (!set || !seesSet(scope, set)) throw problem(404, DOCUMENT_SET_REFUSALS.notFound(id));
  if (!changesSet(scope, role, set)) throw problem(403, GROUP_CHOICE_REFUSALS.notControlled);
  return set;
}

/**
 * Onyx's check of what a non-admin asks for (its validate_object_creation_for_user):
 * a curator may make a set public, or private with no group, when it is new or
 * theirs; otherwise it needs groups, all of them controlled by them.
 */
export function checkSetChoice(
  scope: Scope | null,
  choice: { is_public: boolean; groups: readonly number[]; ownedOrNew: boolean },
) {
  if (scope === null) return;
  if (choice.groups.length === 0) {
    if (choice.ownedOrNew) return;
    throw problem(400, GROUP_CHOICE_REFUSALS.noGroup);
  }
  if (choice.groups.some((group) => !scope.controlled.has(group))) {
    throw problem(400, GROUP_CHOICE_REFUSALS.notControlled);
  }
}

/**
 * The pairs of a set: at least one; each one the caller sees (an admin: each
 * that exists; anyone else is told the same of a pair that does not exist and
 * of one they may not see, so ids leak nothing); in a private set each private
 * pair in one of the set's groups (Onyx's rule and words).
 */
export async function checkSetPairs(
  db: Db,
  scope: Scope | null,
  pairIds: readonly number[],
  set: { is_public: boolean; groups: readonly number[] },
) {
  if (pairIds.length === 0) throw problem(400, DOCUMENT_SET_REFUSALS.noPairs);
  const unknown = await unknownPairIds(db, pairIds);
  if (unknown.length > 0) {
    if (scope === null) {
      throw problem(404, `Connector-credential pair(s) not found: ${unknown.join(', ')}`);
    }
    throw problem(403, DOCUMENT_SET_REFUSALS.pairNotAccessible);
  }
  const access = await pairAccess(db, pairIds);
  if (pairIds.some((id) => !seesPair(scope, access.get(id)!))) {
    throw problem(403, DOCUMENT_SET_REFUSALS.pairNotAccessible);
  }
  if (set.is_public) return;
  const groups = new Set(set.groups);
  for (const id of pairIds) {
    const pair = access.get(id)!;
    if (pair.access_type === 'private' && !pair.groups.some((group) => groups.has(group))) {
      throw problem(400, DOCUMENT_SET_REFUSALS.notOwnedByGroups(id));
    }
  }
}

/**
 * The summaries of `sets` as the caller reads them, each with its document
 * count from the workers' inventories (D14) of the pairs the caller sees: null
 * ("not reported") until a worker has reported on one of them.
 */
export async function summariesOf(
  db: Db,
  scope: Scope | null,
  role: string,
  sets: readonly StoredSet[],
) {
  const pairIds = [...new Set(sets.flatMap((set) => set.pairs.map((pair) => pair.id)))];
  const [sizes, reported] = await Promise.all([
    inventorySizes(db, pairIds),
    reportedPairIds(db, pairIds),
  ]);
  return sets.map((set) => {
    const counted = set.pairs.filter((pair) => seesPair(scope, pair) && reported.has(pair.id));
    const count = counted.reduce((sum, pair) => sum + (sizes.get(pair.id) ?? 0), 0);
    return summaryOf(scope, role, set, counted.length > 0 ? count : null);
  });
}

/** The groups' answers with their live `document_sets`: the sets shared with each that the caller sees. */
export async function withDocumentSets(
  db: Db,
  scope: Scope | null,
  role: string,
  groups: UserGroup[],
): Promise<UserGroup[]> {
  if (groups.length === 0) return groups;
  const shared = await loadSets(
    db,
    await setIdsOfGroups(
      db,
      groups.map((group) => group.id),
    ),
  );
  // One count for every set shown, whatever the number of groups.
  const seen = shared.filter((set) => seesSet(scope, set));
  const summaries = await summariesOf(db, scope, role, seen);
  return groups.map((group) => ({
    ...group,
    document_sets: summaries.filter((_, i) => seen[i]!.groups.includes(group.id)),
  }));
}
