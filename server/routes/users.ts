import type { FastifyInstance } from 'fastify';
import { SELF_DEMOTION_REFUSAL, type UserRole } from '../../src/contract/contract';
import {
  getMe,
  listAcceptedUsers,
  PAGE_NUM,
  PAGE_SIZE,
  setUserRole,
} from '../../src/contract/endpoints/users';
import { problem } from '../http/problems';
import { changeUserRole } from '../auth/keyChanges';
import { findUserByEmail, listUsers, type User } from '../repos/users';
import { clearCuratorships, membershipsOf, membershipsOfUsers } from '../repos/groups';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { readingTransaction } from '../db/database';

// D8 step 3: roles that have no web login refuse a change unless overridden.
const CURRENT_ROLE_REFUSALS: Partial<Record<UserRole, string>> = {
  slack_user: "To change a Slack User's role, they must first login via the web app.",
  ext_perm_user:
    "To change an External Permissioned User's role, they must first login via the web app.",
  limited: "To change a Limited User's role, they must first login via the web app.",
};

// D8 step 4: roles that are assigned elsewhere, not through this endpoint.
const NEW_ROLE_REFUSALS: Partial<Record<UserRole, string>> = {
  curator: 'Curator role must be set via the User Group Menu',
  limited:
    'A user cannot be set to a Limited User role. This role is automatically assigned to users through certain endpoints in the API.',
  slack_user:
    'A user cannot be set to a Slack User role. This role is automatically assigned to users who only use the service through a chat integration.',
  ext_perm_user:
    'A user cannot be set to an External Permissioned User role. This role is automatically assigned to users picked up by the external permission sync.',
};

/** A user as answers show them: never more than these fields. */
const userView = ({ id, email, role, is_active }: User) => ({ id, email, role, is_active });

export function userRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(getMe, async (_input, request) => ({
    ...userView(request.user!),
    groups: await membershipsOf(db, request.user!.id),
  }));

  // The directory of users (Onyx's shape): `q` matches e-mail addresses, letter
  // case ignored; `is_active` keeps only active (true) or deactivated (false)
  // users; pages from 0, at most USERS_PAGE_SIZE_MAX a page.
  route(listAcceptedUsers, async ({ query }) => {
    const q = query.q?.trim() ?? '';
    const limit = query.page_size ?? PAGE_SIZE.default;
    const offset = (query.page_num ?? PAGE_NUM.default) * limit;
    // The page's people and their groups, read together (D13: an admin sees every group).
    const { total, users, groups } = await readingTransaction(db).execute(async (trx) => {
      const page = await listUsers(trx, { q, offset, limit, active: query.is_active });
      const ids = page.users.map((user) => user.id);
      return { ...page, groups: await membershipsOfUsers(trx, ids) };
    });
    return {
      items: users.map((user) => ({ ...userView(user), groups: groups.get(user.id) ?? [] })),
      total_items: total,
    };
  });

  route(setUserRole, async ({ body }, request, reply) => {
    const { user_email, new_role, explicit_override } = body;
    await write(request, async (trx, log) => {
      const user = await findUserByEmail(trx, user_email);
      if (!user) throw problem(404, 'User not found');
      if (user.role === new_role) return;
      const refusal = explicit_override
        ? undefined
        : (CURRENT_ROLE_REFUSALS[user.role] ?? NEW_ROLE_REFUSALS[new_role]);
      if (refusal) throw problem(400, refusal);
      if (user.id === request.user?.id) {
        throw problem(400, SELF_DEMOTION_REFUSAL);
      }
      // The service keeps an admin and a way in for one, whoever asks (the key command too).
      const lockout = await changeUserRole(trx, user, new_role, log);
      if (lockout) throw problem(400, lockout);
      // D13: a curator made anything else curates nothing any more (as in Onyx).
      if (user.role === 'curator') await clearCuratorships(trx, user.id);
    });
    return reply.type('application/json').send('null');
  });
}
