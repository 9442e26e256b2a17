// The changes to keys and roles that both the routes (routes/apiKeys.ts,
// routes/users.ts) and `npm run keys` make: each refused by the same rules
// (docs/security.md, "API keys": nobody is locked out) and each recorded by the log it
// is given, in the transaction that makes it.
import { LAST_ADMIN_REFUSAL, type UserRole } from '../../src/contract/contract';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { Db } from '../db/database';
import { generateApiKey, revokeApiKey, storeApiKey } from './apiKeys';
import { findLiveKey } from './managedKeys';
import { anotherLastingAdminKey, holdsLiveKey } from '../repos/apiKeys';
import { leavesAnAdmin, setUserRole, type User } from '../repos/users';

export const LAST_ADMIN_KEY_REFUSAL =
  'This is the last API key of an admin that does not expire: without it nobody could sign in as an admin. Make another admin key first.';

export type LiveKey = NonNullable<Awaited<ReturnType<typeof findLiveKey>>>;

/** What the log keeps of a key: never its secret. */
export const toldKey = (key: LiveKey | undefined) =>
  key && {
    name: key.api_key_name,
    role: key.api_key_role,
    display: key.api_key_display,
    expires_at: key.expires_at,
  };

/** How a record names a key: its name, else its display form. */
export const keyName = (key: LiveKey) => key.api_key_name ?? key.api_key_display;

/** The refusal when taking this admin key away (revoked, or no longer an admin's) locks admins out. */
export async function lockoutOfKey(trx: Db, key: LiveKey): Promise<string | null> {
  if (key.api_key_role !== 'admin') return null;
  return (await anotherLastingAdminKey(trx, { key: key.api_key_id }))
    ? null
    : LAST_ADMIN_KEY_REFUSAL;
}

/** Revokes a live key and records it; or, when it is the last way in for an admin, the refusal. */
export async function revokeKey(trx: Db, key: LiveKey, log: AuditLog): Promise<string | null> {
  const refusal = await lockoutOfKey(trx, key);
  if (refusal) return refusal;
  await revokeApiKey(trx, key.api_key_id);
  await log({
    action: 'api_key.delete',
    resource_type: 'api_key',
    resource_id: key.api_key_id,
    resource_name: keyName(key),
    changes: changesBetween(toldKey(key), null),
  });
  return null;
}

/** Stores `secret` as a key acting as a person, and records it (never the secret); its id. */
export async function storePersonKey(trx: Db, userId: string, secret: string, log: AuditLog) {
  const id = await storeApiKey(trx, userId, secret);
  const key = (await findLiveKey(trx, id))!;
  await log({
    action: 'api_key.create',
    resource_type: 'api_key',
    resource_id: id,
    resource_name: keyName(key),
    changes: changesBetween(null, toldKey(key)),
  });
  return id;
}

/** A new key acting as a person (the key command's), recorded; its secret is returned once. */
export async function issuePersonKey(trx: Db, user: User, log: AuditLog) {
  const secret = generateApiKey();
  return { id: await storePersonKey(trx, user.id, secret, log), secret };
}

/**
 * Sets a person's role and records it; or the refusal when that leaves no
 * active admin (D8), or takes away the last admin keys that do not expire.
 */
export async function changeUserRole(
  trx: Db,
  user: User,
  role: UserRole,
  log: AuditLog,
): Promise<string | null> {
  if (!(await leavesAnAdmin(trx, user, role))) return LAST_ADMIN_REFUSAL;
  const demoted = user.role === 'admin' && role !== 'admin';
  if (
    demoted &&
    (await holdsLiveKey(trx, user.id)) &&
    !(await anotherLastingAdminKey(trx, { user: user.id }))
  ) {
    return LAST_ADMIN_KEY_REFUSAL;
  }
  await setUserRole(trx, user.id, role);
  await log({
    action: 'user.role_change',
    resource_type: 'user',
    resource_id: user.id,
    resource_name: user.email,
    changes: { role: { before: user.role, after: role } },
  });
  return null;
}
