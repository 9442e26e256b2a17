import type { FastifyInstance } from 'fastify';
import {
  LAST_ADMIN_REFUSAL,
  SELF_DEMOTION_REFUSAL,
  setUserRoleRequestSchema,
  type UserRole,
} from '../../src/api/contract';
import { validate } from '../http/validation';
import { readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
import { findUserByEmail, leavesAnAdmin, setUserRole } from '../repos/users';
import type { RouteContext } from './context';

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

export function userRoutes(app: FastifyInstance, { guard, write }: RouteContext) {
  const onRequest = guard({
    roles: ['admin'],
    refusal: 'Access denied. User must be an admin to perform this action.',
  });

  app.patch('/manage/set-user-role', { onRequest }, async (request, reply) => {
    const body = validate(setUserRoleRequestSchema, readJsonObject(request));
    if (!body.ok) throw validationProblem(body.errors);
    const { user_email, new_role, explicit_override } = body.value;
    await write(request, async (trx) => {
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
      // The service keeps an admin, whoever asks (the key command too).
      if (!(await leavesAnAdmin(trx, user, new_role))) {
        throw problem(400, LAST_ADMIN_REFUSAL);
      }
      await setUserRole(trx, user.id, new_role);
    });
    return reply.type('application/json').send('null');
  });
}
