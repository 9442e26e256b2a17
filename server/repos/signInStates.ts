// Single sign-on's spent states (server/auth/oidc/usedStates.ts): each kept by
// its hash until it ends, so every instance agrees a state is used once.
import type { Db } from '../db/database';

/**
 * Records the state's hash until `expiresAt`; true when it was not there
 * before (one insert against the primary key: of two at once, one wins).
 * States ended by `now` are cleared first.
 */
export async function spendStateHash(db: Db, stateHash: string, expiresAt: string, now: string) {
  await db.deleteFrom('used_sign_in_states').where('expires_at', '<=', now).execute();
  const result = await db
    .insertInto('used_sign_in_states')
    .values({ state_hash: stateHash, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('state_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
