// Migration 0019_credential_origins (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

// D15's origin rule as it stood when this migration was released
// (server/connectionCheck/trust.ts's namedOrigin and originKey), copied here so
// that a later change to the live rule cannot change what an old database
// carries over: the config key that names the address, per source; the value
// trimmed; parsed by the WHATWG URL parser; trailing dots dropped from the
// host; the port given or the scheme's default.
const ADDRESS_KEYS: Record<string, string | undefined> = {
  jira: 'jira_base_url',
  confluence: 'wiki_base',
};
const DEFAULT_PORTS: Record<string, string | undefined> = { 'http:': '80', 'https:': '443' };

/** The origin a connector's config names, as `https://jira.example:443`; null when it names none. */
function namedOrigin(source: string, config: Record<string, unknown>): string | null {
  const key = ADDRESS_KEYS[source];
  const value = key === undefined ? undefined : config[key];
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.+$/, '');
  return `${url.protocol}//${host}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

const migration: MigrationOf = (t, dialect) => ({
  // D15: the origins (scheme://host:port) a credential's secret may be sent
  // to, each approved by someone who may read it (its maker, an admin), and
  // by whom (null once that user is deleted, or when carried over here).
  // Carried over: the origins of the connectors each credential is on, where
  // the connector was made by the credential's maker or an admin, or before
  // connectors kept their maker (0012); a curator's connector holding someone
  // else's credential is not, so that pair's re-test sends nothing until its
  // owner or an admin approves the address (docs/security.md, D15).
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credential_origins')
      .addColumn('credential_id', t.bigInteger, (c) =>
        c.notNull().references('credentials.id').onDelete('cascade'),
      )
      .addColumn('origin', 'text', (c) => t.sortedText(c).notNull())
      .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('credential_origins_pk', ['credential_id', 'origin'])
      .execute();
    if (dialect === 'postgres') {
      await sql`create trigger credential_origins_revision after insert or update or delete or truncate
        on credential_origins for each statement execute function bump_revision()`.execute(db);
    }
    const { rows } = await sql<{ credential_id: number; source: string; config: string }>`
      select p.credential_id, c.source, c.connector_specific_config as config
      from connector_credential_pairs p
      join connectors c on c.id = p.connector_id
      join credentials cr on cr.id = p.credential_id
      left join users u on u.id = c.creator_id
      where c.creator_id is null or c.creator_id = cr.user_id or u.role = 'admin'`.execute(db);
    const now = new Date().toISOString();
    for (const row of rows) {
      const origin = namedOrigin(row.source, JSON.parse(row.config) as Record<string, unknown>);
      if (origin === null) continue;
      await sql`insert into credential_origins (credential_id, origin, approved_by, time_created)
        values (${row.credential_id}, ${origin}, null, ${now}) on conflict do nothing`.execute(db);
    }
  },
});

export default migration;
