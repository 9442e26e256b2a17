// Migration 0016_invitation_links (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // Sign-in links of invitations on a server without single sign-on (docs/security.md,
  // "Sign-in links of invitations"): known by the hash of their token, as keys
  // are; a used or withdrawn one is kept so that it can say so.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invitation_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('email_lower', 'text', (c) => t.sortedText(c).notNull())
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      // null while open; then `used` or `revoked`.
      .addColumn('ended', 'text')
      .execute();
    await db.schema
      .createIndex('invitation_links_email_idx')
      .on('invitation_links')
      .column('email_lower')
      .execute();
    // Like every table of the data, a write to it moves the revision (0003).
    if (dialect === 'postgres') {
      await sql`create trigger invitation_links_revision after insert or update or delete or truncate
        on invitation_links for each statement execute function bump_revision()`.execute(db);
    }
  },
});

export default migration;
