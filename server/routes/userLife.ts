// The life of a user (docs/api.md, "Users"), Onyx's routes and shapes: invitations,
// deactivation, reactivation, deletion and the CSV of the directory. Admins only.
// Each change and its activity record are one transaction (the writer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  badInviteAddresses,
  DELETE_ACTIVE_REFUSAL,
  invalidAddressesDetail,
  inviteUsersRequestSchema,
  LAST_ACTIVE_ADMIN_REFUSAL,
  SELF_DEACTIVATION_REFUSAL,
  SELF_DELETION_REFUSAL,
  USER_NOT_FOUND,
  userByEmailSchema,
  USERS_CSV_COLUMNS,
  userStatusWord,
  type BulkInviteResponse,
} from '../../src/contract/userLife';
import type { Db } from '../db/database';
import { ADMIN } from '../auth/access';
import { readJsonObject } from '../http/body';
import { csvLine } from '../http/csv';
import { problem, validationProblem } from '../http/problems';
import { validate } from '../http/validation';
import {
  countInvitedUsers,
  deleteSessionsOf,
  deleteUser,
  findPersonByEmail,
  inviteAddresses,
  leavesAnAdmin,
  listInvitedUsers,
  listPeople,
  removeInvitation,
  setUserActive,
} from '../repos/users';
import type { RouteContext } from './context';

/** D3: the `{"user_email"}` body of removal, deactivation, reactivation and deletion. */
function userEmailOf(request: FastifyRequest): string {
  const body = validate(userByEmailSchema, readJsonObject(request));
  if (!body.ok) throw validationProblem(body.errors);
  return body.value.user_email;
}

/** The person the body names, inside the write (404 in Onyx's words when there is none). */
async function personNamed(trx: Db, email: string) {
  const user = await findPersonByEmail(trx, email);
  if (!user) throw problem(404, USER_NOT_FOUND);
  return user;
}

const NULL_ANSWER = 'null';

export function userLifeRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const onRequest = guard(ADMIN);

  // Invite addresses: every one valid, or none is invited (Onyx's 400 names the bad ones).
  app.put('/manage/admin/users', { onRequest }, async (request): Promise<BulkInviteResponse> => {
    const body = validate(inviteUsersRequestSchema, readJsonObject(request));
    if (!body.ok) throw validationProblem(body.errors);
    const { emails } = body.value;
    return write(request, async (trx, log) => {
      const bad = badInviteAddresses(emails);
      if (bad.length > 0) throw problem(400, invalidAddressesDetail(bad));
      const invited = await inviteAddresses(trx, emails, request.user?.id ?? null);
      // Addresses already invited, or already users, are no change (as in Onyx).
      if (invited.length > 0) {
        await log({
          resource_type: 'user',
          resource_id: null,
          resource_name: invited.length === 1 ? invited[0] : `${invited.length} addresses`,
          changes: { invited_emails: invited },
        });
      }
      // No e-mail is sent: the invited sign in through single sign-on (docs/api.md, "Users").
      return { invited_count: await countInvitedUsers(trx), email_invite_status: 'DISABLED' };
    });
  });

  app.get('/manage/users/invited', { onRequest }, async () =>
    db.transaction().execute((trx) => listInvitedUsers(trx)),
  );

  // Onyx answers how many invitations are left open.
  app.patch('/manage/admin/remove-invited-user', { onRequest }, async (request, reply) => {
    const email = userEmailOf(request);
    const left = await write(request, async (trx, log) => {
      const removed = await removeInvitation(trx, email);
      if (removed !== undefined) {
        await log({
          resource_type: 'user',
          resource_id: null,
          resource_name: removed,
          changes: { invited: { before: true, after: false } },
        });
      }
      return countInvitedUsers(trx);
    });
    return reply.type('application/json').send(JSON.stringify(left));
  });

  app.patch('/manage/admin/deactivate-user', { onRequest }, async (request, reply) => {
    const email = userEmailOf(request);
    await write(request, async (trx, log) => {
      const user = await personNamed(trx, email);
      if (user.id === request.user?.id) throw problem(400, SELF_DEACTIVATION_REFUSAL);
      if (!user.is_active) return;
      if (!(await leavesAnAdmin(trx, user, user.role, false))) {
        throw problem(400, LAST_ACTIVE_ADMIN_REFUSAL);
      }
      await setUserActive(trx, user.id, false);
      // Keys are refused from the next request (refusedKey); sessions end now.
      const sessions = await deleteSessionsOf(trx, user.id);
      await log({
        resource_type: 'user',
        resource_id: user.id,
        resource_name: user.email,
        changes: { is_active: { before: true, after: false }, sessions_ended: sessions },
      });
    });
    return reply.type('application/json').send(NULL_ANSWER);
  });

  app.patch('/manage/admin/activate-user', { onRequest }, async (request, reply) => {
    const email = userEmailOf(request);
    await write(request, async (trx, log) => {
      const user = await personNamed(trx, email);
      if (user.is_active) return;
      await setUserActive(trx, user.id, true);
      await log({
        resource_type: 'user',
        resource_id: user.id,
        resource_name: user.email,
        changes: { is_active: { before: false, after: true } },
      });
    });
    return reply.type('application/json').send(NULL_ANSWER);
  });

  // Only a deactivated user may be deleted (Onyx): deactivation is the step to undo.
  app.delete('/manage/admin/delete-user', { onRequest }, async (request, reply) => {
    const email = userEmailOf(request);
    await write(request, async (trx, log) => {
      const user = await personNamed(trx, email);
      if (user.id === request.user?.id) throw problem(400, SELF_DELETION_REFUSAL);
      if (user.is_active) throw problem(400, DELETE_ACTIVE_REFUSAL);
      if (!(await leavesAnAdmin(trx, user, user.role, false))) {
        throw problem(400, LAST_ACTIVE_ADMIN_REFUSAL);
      }
      await deleteUser(trx, user.id);
      await log({
        resource_type: 'user',
        resource_id: user.id,
        resource_name: user.email,
        changes: {
          email: { before: user.email, after: null },
          role: { before: user.role, after: null },
        },
      });
    });
    return reply.type('application/json').send(NULL_ANSWER);
  });

  // Onyx's columns: Email, Role, Status (Active or Inactive); formulas defused.
  app.get('/manage/users/download', { onRequest }, async (_request, reply) => {
    const people = await db.transaction().execute((trx) => listPeople(trx));
    const lines = people.map((user) =>
      csvLine([user.email, user.role, userStatusWord(user.is_active)]),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="users.csv"')
      .header('cache-control', 'no-store')
      .send(csvLine(USERS_CSV_COLUMNS) + lines.join(''));
  });
}
