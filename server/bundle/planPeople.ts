// An import's people: users (matched by e-mail, letter case
// ignored), open invitations and user groups (by name). Nobody is removed
// unless the bundle prunes that section; the importing admin is never demoted
// nor deactivated, so an import always leaves an admin (the last-admin rule).
import { groupNameKey } from '../../src/contract/groups';
import type { UserRole } from '../../src/contract/contract';
import type { ConfigBundle } from '../../src/contract/configBundle';
import { curatorRefusal } from '../../src/contract/groups';
import { LAST_ACTIVE_ADMIN_REFUSAL } from '../../src/contract/userLife';
import { changesBetween } from '../audit/recorder';
import { changeUserRole } from '../auth/keyChanges';
import { validationProblem } from '../http/problems';
import { recomputeRoles } from '../groups/control';
import { deleteGroup, insertGroup, replaceMembers, setCurator } from '../repos/groups';
import {
  createUser,
  deleteSessionsOf,
  inviteAddresses,
  leavesAnAdmin,
  removeInvitation,
  setUserActive,
  type User,
} from '../repos/users';
import { differing, toldChanges, type Planner, type StepTools } from './planParts';
import type { Setup } from './setup';

export const IMPORTER_KEPT =
  'You are importing: an import never demotes nor deactivates the admin doing it.';

const lower = (email: string) => email.toLowerCase();

/** The roles D13 derives from curatorships: never set as a bundle states them. */
const FROM_GROUPS: ReadonlySet<UserRole> = new Set(['basic', 'curator']);

export const roleFollowsGroups = (email: string, stated: UserRole, role: UserRole) =>
  `${email} is ${role}, not ${stated}: a curator is whoever curates a group (D13), here or in the bundle.`;

/**
 * Who the import's groups concern (by e-mail, lower case): the bundle's users,
 * and the members of every group it writes or removes, before and after; and
 * who curates a group once it is applied (groups it leaves alone count).
 */
export function curatorships(bundle: ConfigBundle, setup: Setup) {
  const named = new Set(bundle.user_groups.map((group) => group.name));
  const touched = new Set(bundle.users.map((user) => lower(user.email)));
  const curators = new Set<string>();
  for (const group of bundle.user_groups) {
    for (const email of group.members) touched.add(lower(email));
    for (const email of group.curators) curators.add(lower(email));
  }
  for (const [name, held] of setup.groups) {
    const written = named.has(name) || bundle.prune?.user_groups === true;
    for (const email of held.item.members) if (written) touched.add(lower(email));
    if (!written) for (const email of held.item.curators) curators.add(lower(email));
  }
  const roleAfter = (key: string, stated: UserRole): UserRole =>
    FROM_GROUPS.has(stated) ? (curators.has(key) ? 'curator' : 'basic') : stated;
  return { touched, roleAfter };
}
export type Curatorships = ReturnType<typeof curatorships>;

/**
 * D13 after the groups are written: the roles of everyone they concern are
 * recomputed by the group routes' own code, with its user.role_change records.
 */
export function planRoles(p: Planner, { touched }: Curatorships) {
  p.afterAll(({ trx, ids, log }) =>
    recomputeRoles(
      trx,
      [...touched].flatMap((key) => ids.users.get(key) ?? []),
      log,
    ),
  );
}

export function planUsers(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  personId: string | null,
  { touched, roleAfter }: Curatorships,
) {
  p.once('users', bundle.users, (user) => lower(user.email), 'email');
  bundle.users.forEach((user, index) => {
    const key = lower(user.email);
    const held = setup.users.get(key);
    const role = roleAfter(key, user.role);
    if (role !== user.role && held?.id !== personId) {
      p.skip('users', user.email, roleFollowsGroups(user.email, user.role, role));
    }
    if (!held) {
      p.create('users', user.email, async ({ trx, ids, log }) => {
        // A curator is made basic, then made curator by the roles' recompute (planRoles).
        const made = await createUser(trx, user.email, FROM_GROUPS.has(role) ? 'basic' : role);
        if (!user.active) await setUserActive(trx, made.id, false);
        ids.users.set(key, made.id);
        await log({
          action: 'user.create',
          resource_type: 'user',
          resource_id: made.id,
          resource_name: user.email,
          changes: changesBetween(null, {
            email: user.email,
            role: made.role,
            active: user.active,
          }),
        });
      });
      return;
    }
    const wanted = { ...user, role };
    if (held.id === personId && (user.role !== 'admin' || !user.active)) {
      p.skip('users', held.item.email, IMPORTER_KEPT);
      wanted.role = 'admin';
      wanted.active = true;
    }
    const fields = differing(held.item, wanted, ['role', 'active']);
    // Between basic and curator the recompute (planRoles) changes the role, as the group routes do.
    const derived = FROM_GROUPS.has(held.item.role) && FROM_GROUPS.has(wanted.role);
    const person: User = {
      id: held.id,
      email: held.item.email,
      role: held.item.role,
      is_active: held.item.active,
    };
    p.update('users', held.item.email, fields, async ({ trx, log }) => {
      if (fields.role && !derived) {
        // set-user-role's own rules: the last admin, the last admin key that does not expire.
        const refusal = await changeUserRole(trx, person, wanted.role, log);
        if (refusal) throw refusedAt(['users', index, 'role'], refusal);
      }
      if (fields.active) {
        const now = { ...person, role: fields.role && !derived ? wanted.role : person.role };
        await setActive(trx, log, now, wanted.active, ['users', index, 'active']);
      }
    });
  });
  // Those the bundle does not name whose curatorships it changes: the recompute changes their role.
  const named = new Set(bundle.users.map((user) => lower(user.email)));
  for (const [key, held] of setup.users) {
    if (named.has(key) || !touched.has(key) || !FROM_GROUPS.has(held.item.role)) continue;
    const fields = differing(held.item, { ...held.item, role: roleAfter(key, held.item.role) }, [
      'role',
    ]);
    if (Object.keys(fields).length > 0) p.update('users', held.item.email, fields, async () => {});
  }
  if (!bundle.prune?.users) return;
  for (const [key, held] of setup.users) {
    if (named.has(key) || !held.item.active) continue;
    if (held.id === personId) {
      p.skip('users', held.item.email, IMPORTER_KEPT);
      continue;
    }
    const person: User = {
      id: held.id,
      email: held.item.email,
      role: held.item.role,
      is_active: true,
    };
    p.remove('users', held.item.email, ({ trx, log }) =>
      setActive(trx, log, person, false, ['prune', 'users']),
    );
  }
}

/** A change the rules of the users routes refuse: a 422 at its place in the bundle, nothing imported. */
const refusedAt = (loc: (string | number)[], msg: string) =>
  validationProblem([{ loc: ['body', ...loc], msg, type: 'value_error' }]);

/**
 * Deactivation refused for the last active admin and ending the user's
 * sessions at once, as PATCH deactivate-user does (`loc`: the refusal's place).
 */
async function setActive(
  trx: StepTools['trx'],
  log: StepTools['log'],
  { id, email, role }: User,
  active: boolean,
  loc: (string | number)[],
) {
  if (!active && !(await leavesAnAdmin(trx, { id, email, role, is_active: true }, role, false))) {
    throw refusedAt(loc, LAST_ACTIVE_ADMIN_REFUSAL);
  }
  await setUserActive(trx, id, active);
  const sessions = active ? 0 : await deleteSessionsOf(trx, id);
  await log({
    action: active ? 'user.reactivate' : 'user.deactivate',
    resource_type: 'user',
    resource_id: id,
    resource_name: email,
    changes: {
      is_active: { before: !active, after: active },
      ...(active ? {} : { sessions_ended: sessions }),
    },
  });
}

export function planInvitations(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  importerId: string,
) {
  p.once('invitations', bundle.invitations, (invitation) => lower(invitation.email), 'email');
  const held = new Set([...setup.invitations].map(lower));
  for (const { email } of bundle.invitations) {
    if (held.has(lower(email)) || setup.users.has(lower(email))) {
      p.plan.unchanged += 1;
      continue;
    }
    p.create('invitations', email, async ({ trx, log }) => {
      if ((await inviteAddresses(trx, [email], importerId)).length === 0) return;
      await log({
        action: 'user.create',
        resource_type: 'user',
        resource_id: null,
        resource_name: email,
        changes: { invited_emails: [email] },
      });
    });
  }
  if (!bundle.prune?.invitations) return;
  const named = new Set(bundle.invitations.map(({ email }) => lower(email)));
  for (const email of setup.invitations) {
    if (named.has(lower(email))) continue;
    p.remove('invitations', email, async ({ trx, log }) => {
      await removeInvitation(trx, email);
      await log({
        action: 'user.delete',
        resource_type: 'user',
        resource_id: null,
        resource_name: email,
        changes: { invited: { before: true, after: false } },
      });
    });
  }
}

export function planGroups(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  personId: string | null,
  { roleAfter }: Curatorships,
) {
  p.once('user_groups', bundle.user_groups, (group) => group.name, 'name');
  const known = new Set([...setup.users.keys(), ...bundle.users.map((u) => lower(u.email))]);
  // Each user's role once imported: only a basic user or a curator may curate (set-curator's rule).
  const roles = new Map([...setup.users].map(([key, held]) => [key, held.item.role]));
  for (const user of bundle.users) {
    const key = lower(user.email);
    // The person importing keeps their role whatever the bundle says (planUsers).
    if (setup.users.get(key)?.id !== personId) roles.set(key, roleAfter(key, user.role));
  }
  bundle.user_groups.forEach((group, index) => {
    group.members.forEach((email, at) => {
      if (!known.has(lower(email))) {
        p.problem(['user_groups', index, 'members', at], `No user ${email} here or in the bundle`);
      }
    });
    const members = new Set(group.members.map(lower));
    group.curators.forEach((email, at) => {
      const role = roles.get(lower(email));
      const refusal = role === undefined ? null : curatorRefusal(email, role);
      if (!members.has(lower(email))) {
        p.problem(
          ['user_groups', index, 'curators', at],
          `${email} is not a member of ${group.name}`,
        );
      } else if (refusal) {
        p.problem(['user_groups', index, 'curators', at], refusal);
      }
    });
  });
  for (const group of bundle.user_groups) {
    const held = setup.groups.get(group.name);
    const sortedGroup = {
      ...group,
      members: [...group.members].sort(),
      curators: [...group.curators].sort(),
    };
    const write = async ({ trx, ids }: StepTools, id: number) => {
      const userId = (email: string) => ids.users.get(lower(email))!;
      await replaceMembers(trx, id, group.members.map(userId));
      const curators = new Set(group.curators.map(lower));
      for (const email of group.members)
        await setCurator(trx, id, userId(email), curators.has(lower(email)));
    };
    const sameButCase = held
      ? undefined
      : [...setup.groups.keys()].find((name) => groupNameKey(name) === groupNameKey(group.name));
    if (sameButCase !== undefined) {
      p.conflict(
        'user_groups',
        group.name,
        `Group ${sameButCase} is here: group names are unique whatever their letter case.`,
      );
      continue;
    }
    if (!held) {
      p.create('user_groups', group.name, async (tools) => {
        const id = (await insertGroup(tools.trx, group.name))!;
        tools.ids.groups.set(group.name, id);
        await write(tools, id);
        await tools.log({
          action: 'user_group.create',
          resource_type: 'user_group',
          resource_id: id,
          resource_name: group.name,
          changes: changesBetween(null, sortedGroup),
        });
      });
      continue;
    }
    const fields = differing(held.item, sortedGroup, ['members', 'curators']);
    p.update('user_groups', group.name, fields, async (tools) => {
      await write(tools, held.id);
      await tools.log({
        action: 'user_group.update',
        resource_type: 'user_group',
        resource_id: held.id,
        resource_name: group.name,
        changes: toldChanges(fields),
      });
    });
  }
  if (!bundle.prune?.user_groups) return;
  const named = new Set(bundle.user_groups.map((group) => group.name));
  for (const [name, held] of setup.groups) {
    if (named.has(name)) continue;
    p.removeRow('user_groups', name, { ...held, name }, 'user_group.delete', deleteGroup);
  }
}
