// The origins a credential's secret may be sent to (D15): one row per
// credential and origin, with who approved it and when.
import type { Db } from '../db/database';

export interface ApprovedOrigin {
  origin: string;
  /** The e-mail of who approved it; null when carried over from before D15, or they were removed. */
  approved_by: string | null;
  time_created: string;
}

/** A credential's approved origins, by origin. */
export async function approvedOrigins(db: Db, credentialId: number): Promise<ApprovedOrigin[]> {
  const rows = await db
    .selectFrom('credential_origins as o')
    .leftJoin('users as u', 'u.id', 'o.approved_by')
    .select(['o.origin', 'u.email', 'o.time_created'])
    .where('o.credential_id', '=', credentialId)
    .orderBy('o.origin')
    .execute();
  return rows.map((row) => ({
    origin: row.origin,
    approved_by: row.email ?? null,
    time_created: row.time_created,
  }));
}

/** Approves `origin` for the credential; nothing when it already is. */
export async function approveOrigin(
  db: Db,
  credentialId: number,
  origin: string,
  approvedBy: string | null,
): Promise<void> {
  await db
    .insertInto('credential_origins')
    .values({
      credential_id: credentialId,
      origin,
      approved_by: approvedBy,
      time_created: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['credential_id', 'origin']).doNothing())
    .execute();
}

/** Removes one approval; whether there was one. */
export async function removeOrigin(db: Db, credentialId: number, origin: string) {
  const result = await db
    .deleteFrom('credential_origins')
    .where('credential_id', '=', credentialId)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
