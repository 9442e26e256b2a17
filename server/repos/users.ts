import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { UserRole } from '../../src/contract/contract';
import type { Db } from '../db/database';

export interface User {
  id: string;
  email: string;
  role: UserRole;
  /** False for a deactivated user: every key and session of theirs is refused (docs/api.md, "Users"). */
  is_active: boolean;
}

/**
 * The columns of a User: the one list every lookup of a user selects (by e-mail
 * here, and as the caller of a key or a session, joined in auth/).
 */
export const USER_COLUMNS = ['users.id', 'users.email', 'users.role', 'users.is_active'] as const;

/** A row as stored (is_active is 1 or 0) → a User. */
export const toUser = (row: {
  id: string;
  email: string;
  role: string;
  is_active: number | string;
}) => ({ ...row, is_active: Number(row.is_active) === 1 }) as User;

/**
 * No address holds NUL (every one was checked when its user was made), so text
 * with NUL matches nobody, on either store (PostgreSQL refuses such text outright).
 */
const holdsNul = (text: string) => text.includes('\u0000');

/** E-mail addresses are compared with letter case ignored (D8). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  if (holdsNul(email)) return undefined;
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toUser(row);
}

/**
 * A person by e-mail (letter case ignored): not the user a panel-made key acts
 * as, which lives and ends with its key (docs/security.md, "API keys").
 */
export async function findPersonByEmail(db: Db, email: string): Promise<User | undefined> {
  if (holdsNul(email)) return undefined;
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('email_lower', '=', email.toLowerCase())
    .where('is_api_key', '=', 0)
    .executeTakeFirst();
  return row && toUser(row);
}

/**
 * Every road that makes a person (an invitation's link, single sign-on, SCIM,
 * the key command, an import, setup) comes here: the address's invitation is
 * over, so its open sign-in links end with it and never sign anyone in later.
 */
export async function createUser(db: Db, email: string, role: UserRole): Promise<User> {
  const user = { id: randomUUID(), email, role };
  await db
    .insertInto('users')
    .values({ ...user, email_lower: email.toLowerCase(), time_created: new Date().toISOString() })
    .execute();
  await endInvitationLinksOf(db, email.toLowerCase());
  return { ...user, is_active: true };
}

/** Ends the open sign-in links of an address (letter case already ignored): its invitation is over. */
async function endInvitationLinksOf(db: Db, emailLower: string): Promise<void> {
  await db
    .updateTable('invitation_links')
    .set({ ended: 'revoked' })
    .where('email_lower', '=', emailLower)
    .where('ended', 'is', null)
    .execute();
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function firstAdmin(db: Db): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .orderBy('time_created')
    .orderBy('id')
    .executeTakeFirst();
  return row && toUser(row);
}

/**
 * Would an active admin still be left if `user` took `role` and were active or
 * not (`active`)? The one rule of the last admin: a role change (D8, the key
 * command), a deactivation and a deletion (docs/api.md, "Users") all ask it. Asked
 * inside the write transaction that makes the change (it holds the write lock,
 * so no other change can slip in between the count and the write).
 */
export async function leavesAnAdmin(
  db: Db,
  user: User,
  role: UserRole,
  active = true,
): Promise<boolean> {
  if (user.role !== 'admin' || !user.is_active) return true;
  if (role === 'admin' && active) return true;
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .where('id', '!=', user.id)
    .executeTakeFirstOrThrow();
  return Number(n) > 0;
}

/** `%`, `_` and `\` in a search are letters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The users directory: by e-mail, those whose address holds `q` (letter case ignored), one page. */
export async function listUsers(
  db: Db,
  {
    q,
    offset,
    limit,
    active,
  }: {
    q: string;
    offset: number;
    limit: number;
    /** Only (de)activated users. */ active?: boolean;
  },
) {
  if (holdsNul(q)) return { total: 0, users: [] };
  // The users panel-made API keys act as are listed with their keys, not here (as in Onyx).
  let query = db.selectFrom('users').where('is_api_key', '=', 0);
  if (active !== undefined) query = query.where('is_active', '=', active ? 1 : 0);
  if (q)
    query = query.where(
      sql<boolean>`email_lower like ${`%${likeText(q.toLowerCase())}%`} escape '\\'`,
    );
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(USER_COLUMNS)
      .orderBy('email_lower')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(n), users: rows.map(toUser) };
}

/** Every person, by e-mail (the CSV export). */
export async function listPeople(db: Db): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('is_api_key', '=', 0)
    .orderBy('email_lower')
    .orderBy('id')
    .execute();
  return rows.map(toUser);
}

/** Every person (no key's own user) as stored, in no order (a bundle's setup). */
export const everyPerson = (db: Db) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'is_active'])
    .where('is_api_key', '=', 0)
    .execute();

/** Every invited address, users' own among them, in no order (a bundle's setup). */
export const everyInvitation = (db: Db) => db.selectFrom('invited_users').select('email').execute();

/** People's addresses by id, in the order given (the activity log names people by address). */
export async function emailsOf(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.email]));
  return ids.map((id) => byId.get(id) ?? id);
}

export async function setUserActive(db: Db, id: string, active: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Ends every panel session of the user at once; how many there were. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the user; their keys and sessions go with them (ON DELETE CASCADE),
 * what they made stays: credentials lose their user (ON DELETE SET NULL),
 * activity records keep the actor's id and e-mail as written, and keys they
 * made in the panel (each a user of its own) keep working, with no owner's e-mail.
 */
/** A deleted person's old sign-in links end too: they never bring the person back. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  const gone = await db
    .deleteFrom('users')
    .where('id', '=', id)
    .returning('email_lower')
    .executeTakeFirst();
  if (gone) await endInvitationLinksOf(db, gone.email_lower);
}

/** Open invitations of addresses that are not users yet, by address. */
export async function listInvitedUsers(db: Db): Promise<{ email: string }[]> {
  return db
    .selectFrom('invited_users')
    .select('invited_users.email')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .whereRef('users.email_lower', '=', 'invited_users.email_lower'),
        ),
      ),
    )
    .orderBy('invited_users.email_lower')
    .execute();
}

export async function countInvitedUsers(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('invited_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Invites the addresses that are neither users nor invited yet (letter case
 * ignored, each once); returns those, as given.
 */
export async function inviteAddresses(
  db: Db,
  emails: readonly string[],
  invitedBy: string | null,
): Promise<string[]> {
  const fresh = new Map<string, string>();
  for (const email of emails)
    if (!fresh.has(email.toLowerCase())) fresh.set(email.toLowerCase(), email);
  if (fresh.size === 0) return [];
  const lowers = [...fresh.keys()];
  const known = await db
    .selectFrom('users')
    .select('email_lower')
    .where('email_lower', 'in', lowers)
    .union(db.selectFrom('invited_users').select('email_lower').where('email_lower', 'in', lowers))
    .execute();
  for (const { email_lower } of known) fresh.delete(email_lower);
  if (fresh.size === 0) return [];
  const time = new Date().toISOString();
  await db
    .insertInto('invited_users')
    .values(
      [...fresh].map(([email_lower, email]) => ({
        email,
        email_lower,
        invited_by_user_id: invitedBy,
        time_invited: time,
      })),
    )
    .execute();
  return [...fresh.values()];
}

/** Withdraws an invitation (letter case ignored); the address as invited, or undefined if none. */
export async function removeInvitation(db: Db, email: string): Promise<string | undefined> {
  if (holdsNul(email)) return undefined;
  const row = await db
    .deleteFrom('invited_users')
    .where('email_lower', '=', email.toLowerCase())
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/** A user's id, address and role by id (a curatorship's rules read them); undefined when none. */
export async function findUserRole(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}
