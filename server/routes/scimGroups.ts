// SCIM Groups ↔ D13 user groups (docs/scim.md): SCIM sets names and members,
// never curators. A member removed loses a curatorship with the membership and
// their role is recomputed (D13). Members change by the ids named (no rewrite
// of a whole group), so adding one person to a large group stays small.
import type { FastifyRequest } from 'fastify';
import { RESERVED_GROUP_NAMES, SCIM_ROUTES, SCIM_WORDS } from '../../src/contract/scim';
import type { AuditLog } from '../audit/recorder';
import type { Db } from '../db/database';
import { recomputeRoles } from '../groups/control';
import { deleteGroup, insertGroup } from '../repos/groups';
import {
  addMembers,
  allMemberIds,
  curatorIds,
  EVERYTHING,
  findScimGroup,
  listScimGroups,
  mapScimGroup,
  membersOfGroups,
  NOTHING,
  removeMembers,
  renameGroup,
  touchScimGroup,
  unknownPersonIds,
  type ScimGroupRow,
} from '../repos/scim';
import { emailsOf } from '../repos/users';
import { readScimBody } from '../scim/body';
import { badRequest, scimError } from '../scim/errors';
import { parseFilter } from '../scim/filter';
import {
  filterSql,
  groupHasMember,
  groupIdIs,
  textColumn,
  type AttributeSql,
} from '../repos/scimFilterSql';
import { scimWriter } from '../scim/guard';
import { groupFromBody, groupPatch, type GroupFields, type MemberChange } from '../scim/patch';
import {
  excludedAttributes,
  groupResource,
  listResponse,
  withoutExcluded,
} from '../scim/resources';
import type { RouteContext } from './context';
import { excludedOf, listQuery, scimBase, type ScimRegistrar } from './scimRequest';

const unsupported = () =>
  badRequest('Invalid filter: compare members with value eq "<id>"', 'invalidFilter');

/** `members[value eq "<id>"]`: the groups that person is a member of. */
const memberFilter: AttributeSql = (op, value) => {
  if (op !== 'eq' || typeof value !== 'string') throw unsupported();
  if (value.includes('\u0000')) return NOTHING;
  return groupHasMember(value);
};

const idFilter: AttributeSql = (op, value) => {
  if (op !== 'eq' || typeof value !== 'string') {
    throw badRequest('Invalid filter: compare id with eq and a quoted id', 'invalidFilter');
  }
  return /^\d{1,15}$/.test(value) ? groupIdIs(Number(value)) : NOTHING;
};

const GROUP_ATTRIBUTES = {
  displayname: textColumn('g.name'),
  externalid: textColumn('sg.external_id'),
  id: idFilter,
  'members.value': memberFilter,
};

const parseId = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : null);

async function groupOr404(db: Db, idText: string) {
  const id = parseId(idText);
  const group = id === null ? undefined : await findScimGroup(db, id);
  if (!group) throw scimError(404, SCIM_WORDS.groupNotFound(idText));
  return group;
}

/** The name SCIM may give a group: not reserved, not another group's. */
function checkName(name: string) {
  if ((RESERVED_GROUP_NAMES as readonly string[]).includes(name)) {
    throw scimError(409, SCIM_WORDS.reservedGroup(name), 'uniqueness');
  }
}

async function checkMembers(trx: Db, ids: readonly string[]) {
  const unknown = await unknownPersonIds(trx, [...new Set(ids)]);
  if (unknown.length > 0) throw badRequest(SCIM_WORDS.membersNotFound(unknown));
}

/** The member changes in their order; what was added and removed, and whose roles follow. */
async function applyMembers(trx: Db, groupId: number, changes: readonly MemberChange[]) {
  const added = new Set<string>();
  const removed = new Set<string>();
  const curators: string[] = [];
  const remove = async (ids: readonly string[]) => {
    const result = await removeMembers(trx, groupId, ids);
    for (const id of result.removed) {
      if (added.has(id)) added.delete(id);
      else removed.add(id);
    }
    curators.push(...result.curators);
  };
  const add = async (ids: readonly string[]) => {
    await checkMembers(trx, ids);
    for (const id of await addMembers(trx, groupId, ids)) {
      if (removed.has(id)) removed.delete(id);
      else added.add(id);
    }
  };
  for (const change of changes) {
    if (change.kind === 'add') await add(change.ids);
    else if (change.kind === 'remove') await remove(change.ids);
    else if (change.kind === 'removeAll') await remove(await allMemberIds(trx, groupId));
    else {
      await checkMembers(trx, change.ids);
      const wanted = new Set(change.ids);
      const now = await allMemberIds(trx, groupId);
      await remove(now.filter((id) => !wanted.has(id)));
      await add(change.ids);
    }
  }
  return { added: [...added], removed: [...removed], curators };
}

/** Name, external id and members of a group SCIM changes; one activity record, then the roles (D13). */
async function applyGroup(trx: Db, log: AuditLog, group: ScimGroupRow, fields: GroupFields) {
  const changes: Record<string, unknown> = {};
  if (fields.displayName !== undefined && fields.displayName !== group.name) {
    checkName(fields.displayName);
    if (!(await renameGroup(trx, group.id, fields.displayName))) {
      throw scimError(409, SCIM_WORDS.groupTaken(fields.displayName), 'uniqueness');
    }
    changes.name = { before: group.name, after: fields.displayName };
  }
  const externalId = fields.externalId === undefined ? group.external_id : fields.externalId;
  if (externalId !== group.external_id || group.external_id === null) {
    await mapScimGroup(trx, group.id, externalId);
    if (externalId !== group.external_id) {
      changes.external_id = { before: group.external_id, after: externalId };
    }
  }
  const members = await applyMembers(trx, group.id, fields.members);
  if (members.added.length > 0) changes.members_added = await emailsOf(trx, members.added);
  if (members.removed.length > 0) changes.members_removed = await emailsOf(trx, members.removed);
  if (Object.keys(changes).length === 0) return;
  await touchScimGroup(trx, group.id);
  await log({
    action: 'user_group.update',
    resource_type: 'user_group',
    resource_id: group.id,
    resource_name: fields.displayName ?? group.name,
    changes,
  });
  await recomputeRoles(trx, members.curators, log);
}

export function scimGroupRoutes(route: ScimRegistrar, context: RouteContext) {
  const { db, write } = context;

  const shown = async (trx: Db, request: FastifyRequest, id: number) => {
    const group = (await findScimGroup(trx, id))!;
    const excluded = excludedAttributes(excludedOf(request));
    const members = excluded.has('members')
      ? undefined
      : ((await membersOfGroups(trx, [id])).get(id) ?? []);
    return withoutExcluded(groupResource(group, members, scimBase(request, context)), excluded);
  };

  route(SCIM_ROUTES.listGroups, async (request) => {
    const query = listQuery(request);
    const where = query.filter
      ? filterSql(parseFilter(query.filter), GROUP_ATTRIBUTES)
      : EVERYTHING;
    const { total, rows } = await listScimGroups(db, where, query.startIndex - 1, query.count);
    const excluded = excludedAttributes(query.excludedAttributes);
    const members = excluded.has('members')
      ? undefined
      : await membersOfGroups(
          db,
          rows.map((row) => row.id),
        );
    const base = scimBase(request, context);
    const resources = rows.map((row) =>
      withoutExcluded(groupResource(row, members && (members.get(row.id) ?? []), base), excluded),
    );
    return listResponse(resources, total, query.startIndex);
  });

  route(SCIM_ROUTES.getGroup, async (request) => {
    const { id } = request.params as { id: string };
    const group = await groupOr404(db, id);
    return shown(db, request, group.id);
  });

  route(SCIM_ROUTES.createGroup, async (request, reply) => {
    const fields = groupFromBody(readScimBody(request));
    checkName(fields.displayName);
    const answer = await write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      const id = await insertGroup(trx, fields.displayName);
      if (id === null)
        throw scimError(409, SCIM_WORDS.groupTaken(fields.displayName), 'uniqueness');
      await mapScimGroup(trx, id, fields.externalId ?? null);
      const { added } = await applyMembers(trx, id, fields.members);
      await log({
        action: 'user_group.create',
        resource_type: 'user_group',
        resource_id: id,
        resource_name: fields.displayName,
        changes: {
          name: { before: null, after: fields.displayName },
          user_ids: { before: null, after: added },
          ...(fields.externalId && { external_id: { before: null, after: fields.externalId } }),
        },
      });
      return shown(trx, request, id);
    });
    return reply.code(201).send(answer);
  });

  route(SCIM_ROUTES.replaceGroup, async (request) => {
    const { id } = request.params as { id: string };
    const fields = groupFromBody(readScimBody(request));
    return write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      const group = await groupOr404(trx, id);
      await applyGroup(trx, log, group, fields);
      return shown(trx, request, group.id);
    });
  });

  // 204: the answer would hold every member, which a large group makes heavy (RFC 7644 §3.5.2 allows it).
  route(SCIM_ROUTES.patchGroup, async (request, reply) => {
    const { id } = request.params as { id: string };
    const fields = groupPatch(readScimBody(request));
    await write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      await applyGroup(trx, log, await groupOr404(trx, id), fields);
    });
    return reply.code(204).send();
  });

  // The group goes; its curators lose that curatorship and their roles follow (D13).
  route(SCIM_ROUTES.deleteGroup, async (request, reply) => {
    const { id } = request.params as { id: string };
    await write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      const group = await groupOr404(trx, id);
      const curators = await curatorIds(trx, group.id);
      await deleteGroup(trx, group.id);
      await log({
        action: 'user_group.delete',
        resource_type: 'user_group',
        resource_id: group.id,
        resource_name: group.name,
        changes: { name: { before: group.name, after: null } },
      });
      await recomputeRoles(trx, curators, log);
    });
    return reply.code(204).send();
  });
}
