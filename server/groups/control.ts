// Who controls which group (D13), and the role that follows from curatorships.
// An admin controls every group; a curator the groups they curate; a global
// curator the groups they are a member of. Asked inside the request's own
// transaction, so a change made by the same request counts at once.
import type { UserRole } from '../../src/contract/contract';
import type { AuditLog } from '../audit/recorder';
import type { Db } from '../db/database';
import { curatesAny } from '../repos/groups';
import { findUserRole, setUserRole } from '../repos/users';

/**
 * D13: after a change of curatorships or membership, a `basic` user who
 * curates a group is `curator`, and a `curator` who curates none is `basic`
 * again; other roles are left as they are. Each change is recorded (the actor:
 * whoever caused it). The users' new roles count from their next request (D2).
 */
export async function recomputeRoles(db: Db, userIds: Iterable<string>, log: AuditLog) {
  for (const id of new Set(userIds)) {
    const user = await findUserRole(db, id);
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
