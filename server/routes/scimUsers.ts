// SCIM Users ↔ Sourcedesk users (docs/scim.md): the address is the userName,
// `active` deactivates (sessions end at once, keys are refused) and
// reactivates; a person with the address is adopted, except an admin or a
// global curator, whom SCIM never adopts, changes or deactivates; DELETE
// deactivates and drops the mapping. New users are `basic`.
import type { FastifyRequest } from 'fastify';
import { SCIM_ROUTES, SCIM_WORDS } from '../../src/contract/scim';
import type { AuditLog } from '../audit/recorder';
import type { Db } from '../db/database';
import { createUser, deleteSessionsOf, setUserActive } from '../repos/users';
import {
  EVERYTHING,
  findScimUser,
  groupsOfUsers,
  listScimUsers,
  mapScimUser,
  setUserEmail,
  unmapScimUser,
  userIdByEmail,
  type ScimUserRow,
} from '../repos/scim';
import { readScimBody } from '../scim/body';
import { scimError } from '../scim/errors';
import { parseFilter } from '../scim/filter';
import { booleanColumn, constantValue, filterSql, textColumn } from '../repos/scimFilterSql';
import { scimWriter } from '../scim/guard';
import { userFromBody, userPatch, type UserFields } from '../scim/patch';
import { excludedAttributes, listResponse, userResource, withoutExcluded } from '../scim/resources';
import type { RouteContext } from './context';
import { excludedOf, listQuery, scimBase, type ScimRegistrar } from './scimRequest';

const email = textColumn('u.email_lower', true);
const USER_ATTRIBUTES = {
  username: email,
  'emails.value': email,
  'emails.type': constantValue('work'),
  externalid: textColumn('su.external_id'),
  id: textColumn('u.id'),
  active: booleanColumn('u.is_active'),
};

const PRIVILEGED = new Set(['admin', 'global_curator']);

const notFound = (id: string) => scimError(404, SCIM_WORDS.userNotFound(id));

async function userOr404(db: Db, id: string) {
  const user = await findScimUser(db, id);
  if (!user) throw notFound(id);
  return user;
}

/** SCIM never adopts, changes or deactivates an admin or a global curator. */
function refusePrivileged(user: ScimUserRow) {
  if (PRIVILEGED.has(user.role))
    throw scimError(409, SCIM_WORDS.privileged(user.email), 'mutability');
}

const told = (user: ScimUserRow) => ({
  resource_type: 'user',
  resource_id: user.id,
  resource_name: user.email,
});

/** Sets `active`: off ends their sessions at once (their keys are refused from the next request). */
async function setActive(trx: Db, log: AuditLog, user: ScimUserRow, active: boolean) {
  if (active === user.is_active) return;
  await setUserActive(trx, user.id, active);
  if (!active) {
    const sessions = await deleteSessionsOf(trx, user.id);
    await log({
      action: 'user.deactivate',
      ...told(user),
      changes: { is_active: { before: true, after: false }, sessions_ended: sessions },
    });
  } else {
    await log({
      action: 'user.reactivate',
      ...told(user),
      changes: { is_active: { before: false, after: true } },
    });
  }
}

/** Applies the fields to a person SCIM may manage (adopting them), each change recorded. */
async function applyUser(trx: Db, log: AuditLog, user: ScimUserRow, fields: UserFields) {
  refusePrivileged(user);
  const changes: Record<string, unknown> = {};
  if (fields.userName !== undefined && fields.userName !== user.email) {
    const holder = await userIdByEmail(trx, fields.userName);
    if (holder !== undefined && holder !== user.id) {
      throw scimError(409, SCIM_WORDS.emailTaken(fields.userName), 'uniqueness');
    }
    await setUserEmail(trx, user.id, fields.userName);
    changes.email = { before: user.email, after: fields.userName };
  }
  const externalId = fields.externalId === undefined ? user.external_id : fields.externalId;
  if (!user.managed || externalId !== user.external_id) {
    await mapScimUser(trx, user.id, externalId);
    if (!user.managed) changes.scim_managed = { before: false, after: true };
    if (externalId !== user.external_id) {
      changes.external_id = { before: user.external_id, after: externalId };
    }
  }
  if (Object.keys(changes).length > 0) {
    await log({
      action: 'user.update',
      ...told({ ...user, email: fields.userName ?? user.email }),
      changes,
    });
  }
  if (fields.active !== undefined) await setActive(trx, log, user, fields.active);
}

export function scimUserRoutes(route: ScimRegistrar, context: RouteContext) {
  const { db, write } = context;

  /** The user as SCIM shows them, read again after a change. */
  const shown = async (trx: Db, request: FastifyRequest, id: string) => {
    const user = (await findScimUser(trx, id))!;
    const excluded = excludedAttributes(excludedOf(request));
    const groups = excluded.has('groups')
      ? undefined
      : ((await groupsOfUsers(trx, [id])).get(id) ?? []);
    return withoutExcluded(userResource(user, groups, scimBase(request, context)), excluded);
  };

  route(SCIM_ROUTES.listUsers, async (request) => {
    const query = listQuery(request);
    const where = query.filter ? filterSql(parseFilter(query.filter), USER_ATTRIBUTES) : EVERYTHING;
    const { total, rows } = await listScimUsers(db, where, query.startIndex - 1, query.count);
    const excluded = excludedAttributes(query.excludedAttributes);
    const groups = excluded.has('groups')
      ? undefined
      : await groupsOfUsers(
          db,
          rows.map((row) => row.id),
        );
    const base = scimBase(request, context);
    const resources = rows.map((row) =>
      withoutExcluded(userResource(row, groups && (groups.get(row.id) ?? []), base), excluded),
    );
    return listResponse(resources, total, query.startIndex);
  });

  route(SCIM_ROUTES.getUser, async (request) => {
    const { id } = request.params as { id: string };
    await userOr404(db, id);
    return shown(db, request, id);
  });

  route(SCIM_ROUTES.createUser, async (request, reply) => {
    const fields = userFromBody(readScimBody(request));
    const answer = await write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      const holder = await userIdByEmail(trx, fields.userName);
      const existing = holder === undefined ? undefined : await findScimUser(trx, holder);
      if (holder !== undefined && (!existing || existing.managed)) {
        throw scimError(409, SCIM_WORDS.emailTaken(fields.userName), 'uniqueness');
      }
      if (existing) {
        await applyUser(trx, log, existing, fields);
        return shown(trx, request, existing.id);
      }
      const made = await createUser(trx, fields.userName, 'basic');
      await mapScimUser(trx, made.id, fields.externalId);
      await log({
        action: 'user.create',
        resource_type: 'user',
        resource_id: made.id,
        resource_name: made.email,
        changes: {
          email: { before: null, after: made.email },
          role: { before: null, after: 'basic' },
          scim_managed: { before: null, after: true },
        },
      });
      const user = (await findScimUser(trx, made.id))!;
      if (!fields.active) await setActive(trx, log, user, false);
      return shown(trx, request, made.id);
    });
    return reply.code(201).send(answer);
  });

  route(SCIM_ROUTES.replaceUser, async (request) => {
    const { id } = request.params as { id: string };
    const fields = userFromBody(readScimBody(request));
    return write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      await applyUser(trx, log, await userOr404(trx, id), fields);
      return shown(trx, request, id);
    });
  });

  route(SCIM_ROUTES.patchUser, async (request) => {
    const { id } = request.params as { id: string };
    const fields = userPatch(readScimBody(request));
    return write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      await applyUser(trx, log, await userOr404(trx, id), fields);
      return shown(trx, request, id);
    });
  });

  // Deactivates and drops the mapping; a person SCIM does not manage is not found (a second DELETE too).
  route(SCIM_ROUTES.deleteUser, async (request, reply) => {
    const { id } = request.params as { id: string };
    await write(request, async (trx) => {
      const log = await scimWriter(trx, request);
      const user = await userOr404(trx, id);
      if (!user.managed) throw notFound(id);
      await setActive(trx, log, user, false);
      await unmapScimUser(trx, user.id);
      await log({
        action: 'user.update',
        ...told(user),
        changes: { scim_managed: { before: true, after: false } },
      });
    });
    return reply.code(204).send();
  });
}
