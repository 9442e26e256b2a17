// A single sign-on's state is spent once: the pending sign-in's
// cookie can be copied and its callback followed again, and a provider may take
// the same code twice. The database remembers it, so every instance agrees.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { spendStateHash } from '../../repos/signInStates';

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * Marks `state` used until `until` (ms); true when it was not used before.
 * One insert against the primary key: of two callbacks at once, one wins.
 * Spent states past their end are cleared on the way.
 */
export async function spendState(db: Db, state: string, until: number, now = Date.now()) {
  return spendStateHash(
    db,
    hashState(state),
    new Date(until).toISOString(),
    new Date(now).toISOString(),
  );
}
