// User groups (D13), at Onyx's routes with its bodies and words: admins make
// and delete groups; whoever controls a group edits its members, curators and
// pairs. A group the caller does not control answers as if it did not exist
// (404); roles follow curatorships in the same transaction (controls.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CURATOR_REFUSALS,
  curatorRefusal,
  GROUP_CHOICE_REFUSALS,
  duplicateGroupRefusal,
  type UserGroup,
} from '../../src/contract/groups';
import {
  addGroupMembers,
  createGroup,
  deleteGroup as deleteGroupEndpoint,
  getGroup,
  GROUP_PAGE_NUM,
  GROUP_PAGE_SIZE,
  listGroupPage as listGroupPageEndpoint,
  listGroupNames as listGroupNamesEndpoint,
  listControlledGroupNames,
  listGroups as listGroupsEndpoint,
  setGroupCurator,
  updateGroup,
} from '../../src/contract/endpoints/groups';
import { changesBetween, type AuditLog } from '../audit/recorder';
import { readingTransaction, type Db } from '../db/database';
import { recomputeRoles } from '../groups/control';
import { withDocumentSets } from '../groups/documentSets';
import { scopeOf, type Scope } from '../groups/visibility';
import { problem } from '../http/problems';
import {
  deleteGroup,
  findGroupName,
  insertGroup,
  listGroupNames,
  listGroupPage,
  listGroups,
  memberIds,
  pairAccess,
  pairIds,
  replaceMembers,
  replacePairs,
  setCurator,
  touchGroup,
  unknownPairIds,
  unknownUserIds,
} from '../repos/groups';
import { findUserRole } from '../repos/users';
import type { RouteContext } from './context';
import { declaredRoutes, type DeclaredRoute } from './route';

const groupNotFound = (id: number) => problem(404, `UserGroup with id '${id}' not found`);

/** Onyx's words for ids that name nobody. */
const usersNotFound = (ids: string[]) => problem(404, `User(s) not found: ${ids.join(', ')}`);
const pairsNotFound = (ids: number[]) =>
  problem(404, `Connector-credential pair(s) not found: ${ids.join(', ')}`);

/**
 * A group's members, curators and pairs as the activity log tells them: by
 * address and name as they were then, so a record still reads after a person
 * leaves or a connector is deleted.
 */
const told = (group: UserGroup | undefined) =>
  group && {
    name: group.name,
    members: group.users.map((user) => user.email),
    curators: group.users
      .filter((user) => group.curator_ids.includes(user.id))
      .map((user) => user.email),
    connectors: group.cc_pairs.map(pairWords),
  };

/** A pair as one line: its connector, and its credential when named. */
const pairWords = (pair: UserGroup['cc_pairs'][number]) => {
  const connector = pair.connector.name ?? `#${pair.connector.id}`;
  return pair.credential.name ? `${connector} (credential ${pair.credential.name})` : connector;
};

async function oneGroup(db: Db, id: number): Promise<UserGroup | undefined> {
  return (await listGroups(db, [id]))[0];
}

/** The group's id when the caller controls it; 404 otherwise (D13: no leak of other groups). */
async function controlledGroup(db: Db, request: FastifyRequest, id: number) {
  const scope = await scopeOf(db, request.user!);
  if ((scope && !scope.controlled.has(id)) || (await findGroupName(db, id)) === undefined) {
    throw groupNotFound(id);
  }
  return scope;
}

async function checkUsers(db: Db, ids: readonly string[]) {
  const unknown = await unknownUserIds(db, ids);
  if (unknown.length > 0) throw usersNotFound(unknown);
}

/**
 * D13: a pair's groups change only when the caller controls every group of the
 * pair, before and after. An admin may; a curator adding or removing a pair of
 * another group is refused, and a pair they may not see does not exist for them.
 */
async function checkPairs(db: Db, scope: Scope | null, changed: readonly number[]) {
  const unknown = await unknownPairIds(db, changed);
  if (unknown.length > 0) throw pairsNotFound(unknown);
  if (scope === null) return;
  const access = await pairAccess(db, changed);
  const hidden: number[] = [];
  const refused: number[] = [];
  for (const id of changed) {
    const pair = access.get(id)!;
    const visible =
      pair.access_type !== 'private' || pair.groups.some((group) => scope.member.has(group));
    if (!visible) hidden.push(id);
    else if (!pair.groups.every((group) => scope.controlled.has(group))) refused.push(id);
  }
  if (hidden.length > 0) throw pairsNotFound(hidden);
  if (refused.length > 0) {
    throw problem(
      403,
      `${GROUP_CHOICE_REFUSALS.notControlled}: pair(s) ${refused.join(', ')} belong to other groups too.`,
    );
  }
}

/**
 * A change to group `id` made by `work`, then the group marked changed and the
 * change recorded as `action` with the fields that differ (members, curators,
 * pairs), as every record tells a change.
 */
async function recordedChange<T>(
  trx: Db,
  log: AuditLog,
  id: number,
  action: 'user_group.update' | 'user_group.set_curator',
  work: () => Promise<T>,
) {
  const before = await oneGroup(trx, id);
  const result = await work();
  await touchGroup(trx, id);
  const after = (await oneGroup(trx, id))!;
  await log({
    action,
    resource_type: 'user_group',
    resource_id: id,
    resource_name: after.name,
    changes: changesBetween(told(before), told(after)),
  });
  return { after, result };
}

/** Replaces members (and pairs when given), records the change, recomputes the roles it touches. */
async function applyUpdate(
  trx: Db,
  log: AuditLog,
  id: number,
  change: { user_ids: readonly string[]; cc_pair_ids?: readonly number[] },
) {
  const { after, result: members } = await recordedChange(
    trx,
    log,
    id,
    'user_group.update',
    async () => {
      const members = await replaceMembers(trx, id, change.user_ids);
      if (change.cc_pair_ids) await replacePairs(trx, id, change.cc_pair_ids);
      return members;
    },
  );
  await recomputeRoles(trx, [...members.added, ...members.removed], log);
  return after;
}

export function groupRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, guard } = ctx;
  const route = declaredRoutes(app, guard);

  // The groups the caller controls (an admin: all), by name.
  route(listGroupsEndpoint, async (_input, request) =>
    readingTransaction(db).execute(async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      const groups = await listGroups(trx, scope === null ? undefined : [...scope.controlled]);
      return withDocumentSets(trx, scope, request.user!.role, groups);
    }),
  );

  // One page of them, found by name: a thousand groups are not one answer.
  route(listGroupPageEndpoint, async ({ query }, request) =>
    readingTransaction(db).execute(async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      const size = query.page_size ?? GROUP_PAGE_SIZE.default;
      const { total, items } = await listGroupPage(trx, {
        ...(scope === null ? {} : { ids: [...scope.controlled] }),
        q: query.q ?? '',
        offset: (query.page_num ?? GROUP_PAGE_NUM.default) * size,
        limit: size,
      });
      return {
        items: await withDocumentSets(trx, scope, request.user!.role, items),
        total_items: total,
      };
    }),
  );

  // One group the caller controls (404 for any other, D13).
  route(getGroup, async ({ params: { user_group_id: id } }, request) =>
    readingTransaction(db).execute(async (trx) => {
      const scope = await controlledGroup(trx, request, id);
      const group = (await oneGroup(trx, id))!;
      return (await withDocumentSets(trx, scope, request.user!.role, [group]))[0]!;
    }),
  );

  // The names alone of the groups the caller controls: what a choice of groups offers.
  route(listControlledGroupNames, async (_input, request) =>
    readingTransaction(db).execute(async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      return listGroupNames(trx, scope === null ? undefined : [...scope.controlled]);
    }),
  );

  // Onyx: an admin sees every group's name; anyone else the groups they belong to.
  route(listGroupNamesEndpoint, async (_input, request) =>
    readingTransaction(db).execute(async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      return listGroupNames(trx, scope === null ? undefined : [...scope.member]);
    }),
  );
  groupWriteRoutes(route, ctx);
}

/** Making, changing, filling and deleting a group. */
function groupWriteRoutes(route: DeclaredRoute, { write }: RouteContext) {
  route(createGroup, async ({ body: { name, user_ids, cc_pair_ids } }, request) => {
    return write(request, async (trx, log) => {
      await checkUsers(trx, user_ids);
      const unknownPairs = await unknownPairIds(trx, cc_pair_ids);
      if (unknownPairs.length > 0) throw pairsNotFound(unknownPairs);
      const id = await insertGroup(trx, name);
      if (id === null) throw problem(400, duplicateGroupRefusal(name));
      await replaceMembers(trx, id, user_ids);
      await replacePairs(trx, id, cc_pair_ids);
      const group = (await oneGroup(trx, id))!;
      await log({
        action: 'user_group.create',
        resource_type: 'user_group',
        resource_id: id,
        resource_name: name,
        changes: changesBetween(null, told(group)),
      });
      return group;
    });
  });

  route(updateGroup, async ({ params: { user_group_id: id }, body }, request) => {
    return write(request, async (trx, log) => {
      const scope = await controlledGroup(trx, request, id);
      await checkUsers(trx, body.user_ids);
      const stored = new Set(await pairIds(trx, id));
      const requested = new Set(body.cc_pair_ids);
      const changed = [
        ...[...stored].filter((pair) => !requested.has(pair)),
        ...[...requested].filter((pair) => !stored.has(pair)),
      ];
      await checkPairs(trx, scope, changed);
      const group = await applyUpdate(trx, log, id, body);
      return (await withDocumentSets(trx, scope, request.user!.role, [group]))[0]!;
    });
  });

  route(addGroupMembers, async ({ params: { user_group_id: id }, body }, request) => {
    return write(request, async (trx, log) => {
      const scope = await controlledGroup(trx, request, id);
      await checkUsers(trx, body.user_ids);
      const current = await memberIds(trx, id);
      const added = body.user_ids.filter((user) => !current.includes(user));
      const group =
        added.length === 0
          ? (await oneGroup(trx, id))!
          : await applyUpdate(trx, log, id, { user_ids: [...current, ...added] });
      return (await withDocumentSets(trx, scope, request.user!.role, [group]))[0]!;
    });
  });

  route(
    setGroupCurator,
    async ({ params: { user_group_id: id }, body: { user_id, is_curator } }, request, reply) => {
      await write(request, async (trx, log) => {
        await controlledGroup(trx, request, id);
        const target = await findUserRole(trx, user_id);
        if (!target) throw problem(404, `User with id '${user_id}' not found`);
        const refusal = curatorRefusal(target.email, target.role);
        if (refusal) throw problem(400, refusal);
        await recordedChange(trx, log, id, 'user_group.set_curator', async () => {
          if (!(await setCurator(trx, id, user_id, is_curator))) {
            throw problem(400, CURATOR_REFUSALS.notMember(target.email, id));
          }
        });
        await recomputeRoles(trx, [user_id], log);
      });
      return reply.type('application/json').send('null');
    },
  );

  route(deleteGroupEndpoint, async ({ params: { user_group_id: id } }, request, reply) => {
    await write(request, async (trx, log) => {
      const group = await oneGroup(trx, id);
      if (!group) throw groupNotFound(id);
      await deleteGroup(trx, id);
      await log({
        action: 'user_group.delete',
        resource_type: 'user_group',
        resource_id: id,
        resource_name: group.name,
        changes: changesBetween(told(group), null),
      });
      await recomputeRoles(trx, group.curator_ids, log);
    });
    return reply.type('application/json').send('null');
  });
}
