// The roles of the interface and who may do what (D2, D8), without zod: the
// connectors list's path reads them and loads no schema.
// answers.ts makes userRoleSchema of USER_ROLES and re-exports every name.
export const USER_ROLES = [
  'limited',
  'basic',
  'admin',
  'curator',
  'global_curator',
  'slack_user',
  'ext_perm_user',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The meaning of each role, in the interface's words. */
export const ROLE_MEANINGS: Record<UserRole, string> = {
  limited: 'may use only a limited set of basic endpoints',
  basic: 'may not perform any admin action',
  admin: 'may perform all admin actions',
  curator: 'may perform admin actions for the groups it is curator of',
  global_curator: 'may perform admin actions for all groups it is a member of',
  slack_user: 'has used the service through a chat integration and has no web login',
  ext_perm_user: 'picked up by the external permission sync and has no web login',
};

/** D2: roles that may call the connector and credential endpoints. */
export const CURATOR_OR_ADMIN_ROLES: readonly UserRole[] = ['admin', 'curator', 'global_curator'];

/** Who may open the users page and change roles (D8). */
export const USER_ADMIN_ROLES: readonly UserRole[] = ['admin'];
