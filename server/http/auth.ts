// D2: bearer keys, acting with their user's current role.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UserRole } from '../../src/api/contract';
import type { Db } from '../db/database';
import { findUserByApiKey } from '../repos/apiKeys';
import type { User } from '../repos/users';
import { BODY_LIMIT, problem, tooLarge } from './problems';

declare module 'fastify' {
  interface FastifyRequest {
    user?: User;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

export const notAuthenticated = () =>
  problem(401, 'Access denied. User is not authenticated.', { 'www-authenticate': 'Bearer' });

export interface Access {
  roles: readonly UserRole[];
  refusal: string;
}

/** D2's order: 401, then 403, then 413 for a declared body over the limit. */
export function guard(db: Db, access: Access | null): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (access) {
      const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const user = key ? await findUserByApiKey(db, key) : undefined;
      if (!user) throw notAuthenticated();
      if (!access.roles.includes(user.role)) throw problem(403, access.refusal);
      request.user = user;
    }
    if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) throw tooLarge();
  };
}
