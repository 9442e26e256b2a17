// Who controls which group (D13), and the role that follows from curatorships.
// An admin controls every group; a curator the groups they curate; a global
// curator the groups they are a member of. Asked inside the request's own
// transaction, so a change made by the same request counts at once.
import type { UserRole } from '../../src/contract/contract';
import type { AuditLog } from '../audit/recorder';
import type { Db } from '../db/database';
import { curatesAny } from '../repos/groups';
import { setUserRole, type User } from '../repos/users';

/** The ids of the groups `user` controls; null for all of them (an admin). */
export async function controlledGroupIds(db: Db, user: User): Promise<Set<number> | null> {
  if (user.role === 'admin') return null;
  if (user.role !== 'curator' && user.role !== 'global_curator') return new Set();
  let query = db.selectFrom('user_group_members').select('group_id').where('user_id', '=', user.id);
  if (user.role === 'curator') query = query.where('is_curator', '=', 1);
  const rows = await query.execute();
  return new Set(rows.map((row) => Number(row.group_id)));
}

export const controls = (controlled: Set<number> | null, groupId: number) =>
  controlled === null || controlled.has(groupId);

/**
 * D13: after a change of curatorships or membership, a `basic` user who
 * curates a group is `curator`, and a `curator` who curates none is `basic`
 * again; other roles are left as they are. Each change is recorded (the actor:
 * whoever caused it). The users' new roles count from their next request (D2).
 */
export async function recomputeRoles(db: Db, userIds: Iterable<string>, log: AuditLog) {
  for (const id of new Set(userIds)) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user || (user.role !== 'basic' && user.role !== 'curator')) continue;
    const role: UserRole = (await curatesAny(db, id)) ? 'curator' : 'basic';
    if (role === user.role) continue;
    await setUserRole(db, id, role);
    await log({
      action: 'user.role_change',
      resource_type: 'user',
      resource_id: id,
      resource_name: user.email,
      changes: { role: { before: user.role, after: role } },
    });
  }
}
