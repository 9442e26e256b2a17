// Document sets, at Onyx's routes with its bodies and words (docs/api.md,
// "Document sets"), scoped by D13 (server/groups/documentSets.ts). Every change
// is recorded with the fields that differ.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DOCUMENT_SET_REFUSALS,
  documentSetCreateSchema,
  documentSetUpdateSchema,
} from '../../src/contract/documentSets';
import {
  changeGroupDocumentSets,
  createDocumentSet,
  deleteDocumentSet,
  listDocumentSets,
  updateDocumentSet,
} from '../../src/contract/endpoints/documentSets';
import { changesBetween, type AuditLog } from '../audit/recorder';
import { readingTransaction, type Db } from '../db/database';
import { withKnownGroups } from '../groups/choice';
import {
  changeableSet,
  changesSet,
  checkSetChoice,
  checkSetPairs,
  seesSet,
  summariesOf,
  withDocumentSets,
} from '../groups/documentSets';
import { scopeOf } from '../groups/visibility';
import { validate } from '../http/validation';
import { problem } from '../http/problems';
import {
  deleteSet,
  insertSet,
  loadSets,
  replaceSetGroups,
  replaceSetPairs,
  updateSet,
  type StoredSet,
} from '../repos/documentSets';
import { findGroupName, listGroups } from '../repos/groups';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** A set as the activity log tells it. */
const told = (set: StoredSet | undefined) =>
  set && {
    name: set.name,
    description: set.description,
    is_public: set.is_public,
    groups: set.groups,
    cc_pair_ids: set.pairs.map((pair) => pair.id),
  };

const oneSet = async (db: Db, id: number) => (await loadSets(db, [id]))[0];

const callerOf = async (db: Db, request: FastifyRequest) => {
  const user = request.user!;
  return { scope: await scopeOf(db, user), role: user.role, id: user.id };
};

async function record(
  log: AuditLog,
  action: 'document_set.create' | 'document_set.update' | 'document_set.delete',
  before: StoredSet | undefined,
  after: StoredSet | undefined,
) {
  const set = (after ?? before)!;
  await log({
    action,
    resource_type: 'document_set',
    resource_id: set.id,
    resource_name: set.name,
    changes: changesBetween(told(before) ?? null, told(after) ?? null),
  });
}

export function documentSetRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(listDocumentSets, async ({ query }, request) =>
    readingTransaction(db).execute(async (trx) => {
      const { scope, role } = await callerOf(trx, request);
      const editable = query.get_editable === 'true';
      const sets = (await loadSets(trx)).filter((set) =>
        editable ? changesSet(scope, role, set) : seesSet(scope, set),
      );
      return summariesOf(trx, scope, role, sets);
    }),
  );

  route(
    createDocumentSet,
    async ({ body }, request) =>
      write(request, async (trx, log) => {
        const { scope, id: userId } = await callerOf(trx, request);
        const groups = body.groups ?? [];
        checkSetChoice(scope, { is_public: body.is_public, groups, ownedOrNew: true });
        await checkSetPairs(trx, scope, body.cc_pair_ids, { is_public: body.is_public, groups });
        const id = await insertSet(trx, body, userId);
        if (id === null) throw problem(400, DOCUMENT_SET_REFUSALS.duplicate(body.name));
        await replaceSetPairs(trx, id, body.cc_pair_ids);
        await replaceSetGroups(trx, id, groups);
        await record(log, 'document_set.create', undefined, await oneSet(trx, id));
        return id;
      }),
    { checkBody: (json) => withKnownGroups(db, validate(documentSetCreateSchema, json)) },
  );

  route(
    updateDocumentSet,
    async ({ body }, request, reply) => {
      await write(request, async (trx, log) => {
        const { scope, role, id: userId } = await callerOf(trx, request);
        const before = changeableSet(scope, role, body.id, await oneSet(trx, body.id));
        const groups = body.groups ?? [];
        const ownedOrNew = before.user_id === userId;
        checkSetChoice(scope, { is_public: body.is_public, groups, ownedOrNew });
        await checkSetPairs(trx, scope, body.cc_pair_ids, { is_public: body.is_public, groups });
        const name = body.name ?? before.name;
        const fields = { name, description: body.description, is_public: body.is_public };
        if (!(await updateSet(trx, before.id, fields))) {
          throw problem(400, DOCUMENT_SET_REFUSALS.duplicate(name));
        }
        await replaceSetPairs(trx, before.id, body.cc_pair_ids);
        await replaceSetGroups(trx, before.id, groups);
        await record(log, 'document_set.update', before, await oneSet(trx, before.id));
      });
      return reply.type('application/json').send('null');
    },
    { checkBody: (json) => withKnownGroups(db, validate(documentSetUpdateSchema, json)) },
  );

  route(deleteDocumentSet, async ({ params: { document_set_id: id } }, request, reply) => {
    await write(request, async (trx, log) => {
      const { scope, role } = await callerOf(trx, request);
      const stored = await oneSet(trx, id);
      // A public set any caller sees: its deletion is refused in Onyx's words before anything else.
      if (scope !== null && stored?.is_public)
        throw problem(403, DOCUMENT_SET_REFUSALS.sharedDelete);
      const set = changeableSet(scope, role, id, stored);
      await deleteSet(trx, id);
      await record(log, 'document_set.delete', set, undefined);
    });
    return reply.type('application/json').send('null');
  });

  // Onyx's: sets shared with a group, or no longer; each set must be the caller's to change.
  route(changeGroupDocumentSets, async ({ params: { user_group_id: groupId }, body }, request) =>
    write(request, async (trx, log) => {
      const { scope, role, id: userId } = await callerOf(trx, request);
      if ((scope && !scope.controlled.has(groupId)) || !(await findGroupName(trx, groupId))) {
        throw problem(404, `UserGroup with id '${groupId}' not found`);
      }
      const removed = new Set(body.removed_document_set_ids);
      const both = body.added_document_set_ids.filter((id) => removed.has(id));
      if (both.length > 0) {
        throw problem(400, `Document set(s) both added and removed: ${both.join(', ')}`);
      }
      for (const id of [...body.added_document_set_ids, ...removed]) {
        const before = changeableSet(scope, role, id, await oneSet(trx, id));
        const groups = removed.has(id)
          ? before.groups.filter((group) => group !== groupId)
          : [...new Set([...before.groups, groupId])];
        if (
          groups.length === before.groups.length &&
          groups.every((g, i) => g === before.groups[i])
        )
          continue;
        const ownedOrNew = before.user_id === userId;
        checkSetChoice(scope, { is_public: before.is_public, groups, ownedOrNew });
        const pairIds = before.pairs.map((pair) => pair.id);
        if (pairIds.length > 0) {
          await checkSetPairs(trx, null, pairIds, { is_public: before.is_public, groups });
        }
        await replaceSetGroups(trx, id, groups);
        await record(log, 'document_set.update', before, await oneSet(trx, id));
      }
      return (await withDocumentSets(trx, scope, role, await listGroups(trx, [groupId])))[0]!;
    }),
  );
}
