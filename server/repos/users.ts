import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { UserRole } from '../../src/api/contract';
import type { Db } from '../db/database';

export interface User {
  id: string;
  email: string;
  role: UserRole;
}

const columns = ['id', 'email', 'role'] as const;

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
    .select(columns)
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row as User | undefined;
}

export async function createUser(db: Db, email: string, role: UserRole): Promise<User> {
  const user = { id: randomUUID(), email, role };
  await db
    .insertInto('users')
    .values({ ...user, email_lower: email.toLowerCase(), time_created: new Date().toISOString() })
    .execute();
  return user;
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
    .select(columns)
    .where('role', '=', 'admin')
    .orderBy('time_created')
    .orderBy('id')
    .executeTakeFirst();
  return row as User | undefined;
}

/**
 * Would an admin still be left if `user` took `role`? Asked inside the write
 * transaction that makes the change (it holds the write lock, so no other
 * change can slip in between the count and the write).
 */
export async function leavesAnAdmin(db: Db, user: User, role: UserRole): Promise<boolean> {
  if (user.role !== 'admin' || role === 'admin') return true;
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(n) > 1;
}

/** `%`, `_` and `\` in a search are letters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The users directory: by e-mail, those whose address holds `q` (letter case ignored), one page. */
export async function listUsers(
  db: Db,
  { q, offset, limit }: { q: string; offset: number; limit: number },
) {
  if (holdsNul(q)) return { total: 0, users: [] };
  // The users panel-made API keys act as are listed with their keys, not here (as in Onyx).
  let query = db.selectFrom('users').where('is_api_key', '=', 0);
  if (q)
    query = query.where(
      sql<boolean>`email_lower like ${`%${likeText(q.toLowerCase())}%`} escape '\\'`,
    );
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(columns)
      .orderBy('email_lower')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(n), users: rows as User[] };
}
