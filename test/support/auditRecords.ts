// Many activity records, written straight through the store in bulk (the API
// writes one per change, far too slowly for 200,000): the export test and the
// bench's export row seed with it.
import type { Db } from '../../server/db/database';
import type { AuditRow } from '../../server/repos/audit';

const ACTIONS = ['connector.create', 'connector.update', 'credential.update', 'auth.login'];
const RESOURCE_TYPES = ['connector', 'connector', 'credential', 'auth'];
/** Rows per INSERT: 14 columns each stays under both stores' limits on parameters. */
const BATCH = 500;

/** Record `i`'s actor: one of ten people, each known by id and by e-mail. */
export const seededActor = (i: number) => ({
  user_id: `seed-user-${i % 10}`,
  email: `Person${i % 10}@Example.com`,
});

/** Record `i` of a seeding that started at `first` (one second apart, oldest first). */
export function seededRow(i: number, first: number): AuditRow {
  const actor = seededActor(i);
  return {
    time: new Date(first + i * 1000).toISOString(),
    action: ACTIONS[i % ACTIONS.length]!,
    outcome: 'success',
    actor_user_id: actor.user_id,
    actor_email: actor.email,
    actor_api_key_id: null,
    resource_type: RESOURCE_TYPES[i % RESOURCE_TYPES.length]!,
    resource_id: String(i % 1000),
    resource_name: `Seeded "thing", number ${i}`,
    address: '127.0.0.1',
    user_agent: 'seed',
    request_id: `seed-${i}`,
    changes: JSON.stringify({ name: { from: `Old ${i}`, to: `New ${i}` } }),
  };
}

/**
 * Writes `count` records ending a minute ago (so retention keeps them and the
 * API's own records stay the newest), in one transaction. Returns when the first one is.
 */
export async function seedAuditRecords(db: Db, count: number): Promise<number> {
  const first = Date.now() - 60_000 - count * 1000;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(seededRow(i, first));
      await trx.insertInto('audit_log').values(rows).execute();
    }
  });
  return first;
}
