// The life of a user (docs/api.md, "Users"), Onyx's routes and shapes: invitations,
// deactivation, reactivation, deletion and the CSV of the directory. Admins only.
// Each change and its activity record are one transaction (the writer).
import type { FastifyInstance } from 'fastify';
import {
  badInviteAddresses,
  DELETE_ACTIVE_REFUSAL,
  invalidAddressesDetail,
  LAST_ACTIVE_ADMIN_REFUSAL,
  SELF_DEACTIVATION_REFUSAL,
  SELF_DELETION_REFUSAL,
  USER_NOT_FOUND,
  USERS_CSV_COLUMNS,
  userStatusWord,
  type BulkInviteResponse,
} from '../../src/contract/userLife';
import { longReadTransaction, readingTransaction, type Db } from '../db/database';
import {
  activateUser,
  deactivateUser,
  deleteUser as deleteUserEndpoint,
  downloadUsers,
  inviteUsers,
  listInvitedUsers as listInvitedUsersEndpoint,
  removeInvitedUser,
} from '../../src/contract/endpoints/userLife';
import { INVITATION_FRAGMENT } from '../../src/contract/invitationLinks';
import { issueInvitationLinks, revokeInvitationLinks } from '../auth/invitationLinks';
import { ownOrigin } from '../auth/sessionCookie';
import { invitationLinkLifetime } from '../auth/sessions';
import { csvLine } from '../http/csv';
import { problem } from '../http/problems';
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
import { declaredRoutes, type DeclaredRoute } from './route';

/** The person the body names, inside the write (404 in Onyx's words when there is none). */
async function personNamed(trx: Db, email: string) {
  const user = await findPersonByEmail(trx, email);
  if (!user) throw problem(404, USER_NOT_FOUND);
  return user;
}

const NULL_ANSWER = 'null';

export interface UserLifeOptions {
  /** With single sign-on the invited sign in through it; without, each gets a sign-in link. */
  singleSignOn: boolean;
}

export function userLifeRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  { singleSignOn }: UserLifeOptions,
) {
  const { db, guard, write, sessions, address } = ctx;
  const route = declaredRoutes(app, guard);

  // Invite addresses: every one valid, or none is invited (Onyx's 400 names the bad ones).
  route(inviteUsers, async ({ body: { emails } }, request): Promise<BulkInviteResponse> => {
    return write(request, async (trx, log) => {
      const bad = badInviteAddresses(emails);
      if (bad.length > 0) throw problem(400, invalidAddressesDetail(bad));
      const invited = await inviteAddresses(trx, emails, request.user?.id ?? null);
      // No e-mail is sent: the invited sign in through single sign-on, or, without
      // it, with the link the admin hands on (docs/security.md, "Sign-in links of invitations").
      const links = singleSignOn
        ? undefined
        : await issueInvitationLinks(trx, invited, invitationLinkLifetime(sessions));
      // Addresses already invited, or already users, are no change (as in Onyx).
      if (invited.length > 0) {
        await log({
          resource_type: 'user',
          resource_id: null,
          resource_name: invited.length === 1 ? invited[0] : `${invited.length} addresses`,
          changes: {
            invited_emails: invited,
            ...(links && { sign_in_links_issued: links.length }),
          },
        });
      }
      const origin = ownOrigin(request, address);
      return {
        invited_count: await countInvitedUsers(trx),
        email_invite_status: 'DISABLED',
        invited_emails: invited,
        ...(links && {
          sign_in_links: links.map(({ email, token, expiresAt }) => ({
            email,
            link: `${origin}/#${INVITATION_FRAGMENT}=${token}`,
            expires_at: expiresAt,
          })),
        }),
      };
    });
  });

  route(listInvitedUsersEndpoint, async () =>
    readingTransaction(db).execute((trx) => listInvitedUsers(trx)),
  );

  // Onyx answers how many invitations are left open.
  route(removeInvitedUser, async ({ body: { user_email: email } }, request, reply) => {
    const left = await write(request, async (trx, log) => {
      const removed = await removeInvitation(trx, email);
      // Its sign-in link goes with it: followed later, it says it was withdrawn.
      // (Asked only for an invitation found: its address holds no NUL, which PostgreSQL refuses.)
      const revoked = removed === undefined ? 0 : await revokeInvitationLinks(trx, removed);
      if (removed !== undefined) {
        await log({
          resource_type: 'user',
          resource_id: null,
          resource_name: removed,
          changes: {
            invited: { before: true, after: false },
            ...(revoked > 0 && { sign_in_links_revoked: revoked }),
          },
        });
      }
      return countInvitedUsers(trx);
    });
    return reply.type('application/json').send(JSON.stringify(left));
  });
  userStateRoutes(route, ctx);
}

/** Deactivating, activating and deleting a user, and the list of users as a file. */
function userStateRoutes(route: DeclaredRoute, { db, write }: RouteContext) {
  route(deactivateUser, async ({ body: { user_email: email } }, request, reply) => {
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

  route(activateUser, async ({ body: { user_email: email } }, request, reply) => {
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
  route(deleteUserEndpoint, async ({ body: { user_email: email } }, request, reply) => {
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
  route(downloadUsers, async (_input, _request, reply) => {
    // Everyone (100,000 at the directory's scale): read off the event loop.
    const people = await longReadTransaction(db).execute((trx) => listPeople(trx));
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
