import type { FastifyInstance } from 'fastify';
import {
  SELF_DEMOTION_REFUSAL,
  setUserRoleRequestSchema,
  USERS_PAGE_SIZE_MAX,
  type UserRole,
} from '../../src/contract/contract';
import { ACTIVE_FILTERS } from '../../src/contract/userLife';
import { ADMIN, ANY_ROLE } from '../auth/access';
import { validate } from '../http/validation';
import { intParsingError, parseIntegerText, readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
import { changeUserRole } from '../auth/keyChanges';
import { findUserByEmail, listUsers, type User } from '../repos/users';
import { clearCuratorships, membershipsOf } from '../repos/groups';
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

/** A query integer's bounds and default (the OpenAPI document says the same: server/openapi). */
export interface IntegerBounds {
  minimum: number;
  maximum: number;
  default: number;
}

/** The users directory's pages: from 0, 10 users a page unless asked, at most USERS_PAGE_SIZE_MAX. */
export const PAGE_NUM: IntegerBounds = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 };
export const PAGE_SIZE: IntegerBounds = { minimum: 1, maximum: USERS_PAGE_SIZE_MAX, default: 10 };

/** D3: a query integer within bounds, its default when absent or empty. */
function queryInteger(query: unknown, name: string, bounds: IntegerBounds) {
  const { minimum: min, maximum: max, default: fallback } = bounds;
  const raw = (query as Record<string, string | string[] | undefined>)[name];
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (text === undefined || text === '') return { value: fallback };
  const value = parseIntegerText(text);
  if (value === null) return { error: intParsingError(['query', name]) };
  if (value < min) {
    return {
      error: {
        loc: ['query', name],
        msg: `Input should be greater than or equal to ${min}`,
        type: 'greater_than_equal',
      },
    };
  }
  if (value > max) {
    return {
      error: {
        loc: ['query', name],
        msg: `Input should be less than or equal to ${max}`,
        type: 'value_error',
      },
    };
  }
  return { value };
}

/** A user as answers show them: never more than these fields. */
const userView = ({ id, email, role, is_active }: User) => ({ id, email, role, is_active });

/** D3: Onyx's `is_active` filter, `true` or `false`; absent or empty: everyone. */
function queryActive(query: Record<string, string | string[] | undefined>) {
  const raw = query.is_active;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (text === undefined || text === '') return {};
  if ((ACTIVE_FILTERS as readonly string[]).includes(text)) return { value: text === 'true' };
  return {
    error: {
      loc: ['query', 'is_active'],
      msg: 'Input should be a valid boolean, unable to interpret input',
      type: 'bool_parsing',
    },
  };
}

export function userRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const onRequest = guard(ADMIN);

  // Who the caller is: any role may ask, so the panel shows each role what it may do.
  app.get('/me', { onRequest: guard(ANY_ROLE) }, async (request) => ({
    ...userView(request.user!),
    groups: await membershipsOf(db, request.user!.id),
  }));

  // The directory of users (Onyx's shape): `q` matches e-mail addresses, letter
  // case ignored; `is_active` keeps only active (true) or deactivated (false)
  // users; pages from 0, at most USERS_PAGE_SIZE_MAX a page.
  app.get('/manage/users/accepted', { onRequest }, async (request) => {
    const query = request.query as Record<string, string | string[] | undefined>;
    const page = queryInteger(query, 'page_num', PAGE_NUM);
    const size = queryInteger(query, 'page_size', PAGE_SIZE);
    const active = queryActive(query);
    const errors = [page.error, size.error, active.error].filter((error) => error !== undefined);
    if (errors.length > 0) throw validationProblem(errors);
    const rawQ = query.q;
    const q = (Array.isArray(rawQ) ? rawQ[rawQ.length - 1] : rawQ)?.trim() ?? '';
    const limit = size.value!;
    const { total, users } = await db
      .transaction()
      .execute((trx) =>
        listUsers(trx, { q, offset: page.value! * limit, limit, active: active.value }),
      );
    return {
      items: users.map(userView),
      total_items: total,
    };
  });

  app.patch('/manage/set-user-role', { onRequest }, async (request, reply) => {
    const body = validate(setUserRoleRequestSchema, readJsonObject(request));
    if (!body.ok) throw validationProblem(body.errors);
    const { user_email, new_role, explicit_override } = body.value;
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
