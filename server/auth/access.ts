// Who may call what (D2): every route's guard names one of these, so the roles
// and the words of each refusal are written once.
import {
  CURATOR_OR_ADMIN_ROLES,
  USER_ADMIN_ROLES,
  USER_ROLES,
  type UserRole,
} from '../../src/contract/contract';
import type { AccessLevel } from '../../src/contract/endpoint';

/** The roles a route lets through, and the 403 `detail` for any other. */
export interface Access {
  roles: readonly UserRole[];
  refusal: string;
}

/** Connectors, credentials and connection tests. */
export const CURATOR_OR_ADMIN: Access = {
  roles: CURATOR_OR_ADMIN_ROLES,
  refusal: 'Access denied. User is not a curator or admin.',
};

/** The users' directory and their roles. */
export const ADMIN: Access = {
  roles: USER_ADMIN_ROLES,
  refusal: 'Access denied. User must be an admin to perform this action.',
};

/** Any signed-in user, whatever the role (who am I). */
export const ANY_ROLE: Access = { roles: USER_ROLES, refusal: 'Access denied.' };

/** No key needed (D1, D9): the versions and the API's own description. */
export const PUBLIC = null;

/**
 * A worker key's routes (D14): no user role passes; the guard lets only a
 * worker key through, and refuses a user's key with this 403.
 */
export const WORKER: Access = {
  roles: [],
  refusal: 'Access denied. Only a worker key may call the worker routes.',
};

/** Each access level a declaration names (src/contract/endpoint.ts), as the guard enforces it. */
export const ACCESS: Record<AccessLevel, Access | null> = {
  public: PUBLIC,
  anyRole: ANY_ROLE,
  curatorOrAdmin: CURATOR_OR_ADMIN,
  admin: ADMIN,
  worker: WORKER,
};
