// Versioned migrations (D12). Never edit a released one: add the next. One set
// for both stores: where SQLite and PostgreSQL spell a column differently the
// `types` of the dialect say it (the SQL for SQLite is what it always was).
import {
  Migrator,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { DialectName } from './database';
import type { Tables } from './schema';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeRef, refFromName } from '../../src/contract/refs';

interface DialectTypes {
  /** A generated integer key, and the columns that refer to one. */
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  idType: ColumnDataType;
  /** An integer up to 2^53 (frequencies in seconds). */
  bigInteger: ColumnDataType;
  /** Text compared and sorted by code point, as SQLite does, whatever the server's locale. */
  sortedText: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

const TYPES: Record<DialectName, DialectTypes> = {
  sqlite: {
    id: (c) => c.primaryKey().autoIncrement(),
    idType: 'integer',
    bigInteger: 'integer',
    sortedText: (c) => c,
  },
  postgres: {
    id: (c) => c.primaryKey(),
    // 64-bit, like SQLite's: an id in a path may be up to 2^53 (D3), found or not.
    idType: 'bigserial',
    bigInteger: 'bigint',
    sortedText: (c) => c.modifyFront(sql`collate "C"`),
  },
};

/**
 * A migration. `outsideTransaction`: on PostgreSQL, when the database already
 * holds data, it runs on its own outside the transaction that the others of a
 * start share (CREATE INDEX CONCURRENTLY cannot run inside one); it must then be
 * safe to run again after it stopped halfway. In a new database, and on
 * SQLite, it runs as every other does.
 */
interface Step extends Migration {
  outsideTransaction?: true;
}

const migrations = (t: DialectTypes, dialect: DialectName): Record<string, Step> => ({
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => t.sortedText(c).notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', t.idType, t.id)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_revoked', 'text')
        .execute();
      await db.schema
        .createTable('credentials')
        .addColumn('id', t.idType, t.id)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('credential_json', 'text', (c) => c.notNull())
        .addColumn('admin_public', 'integer', (c) => c.notNull())
        .addColumn('curator_public', 'integer', (c) => c.notNull())
        .addColumn('groups', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_updated', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('connectors')
        .addColumn('id', t.idType, t.id)
        .addColumn('name', 'text', (c) => t.sortedText(c).notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('input_type', 'text', (c) => c.notNull())
        .addColumn('access_type', 'text', (c) => c.notNull())
        .addColumn('connector_specific_config', 'text', (c) => c.notNull())
        .addColumn('refresh_freq', t.bigInteger)
        .addColumn('prune_freq', t.bigInteger)
        .addColumn('indexing_start', 'text')
        .addColumn('groups', 'text', (c) => c.notNull())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_updated', 'text', (c) => c.notNull())
        .addUniqueConstraint('connectors_name_source_unique', ['name', 'source'])
        .execute();
      await db.schema
        .createTable('connector_credential_pairs')
        .addColumn('id', t.idType, t.id)
        .addColumn('connector_id', t.bigInteger, (c) =>
          c.notNull().references('connectors.id').onDelete('cascade'),
        )
        .addColumn('credential_id', t.bigInteger, (c) =>
          c.notNull().references('credentials.id').onDelete('cascade'),
        )
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addUniqueConstraint('pairs_connector_credential_unique', ['connector_id', 'credential_id'])
        .execute();
      // The credential filter of the connector list reads pairs by credential.
      await db.schema
        .createIndex('pairs_credential_idx')
        .on('connector_credential_pairs')
        .columns(['credential_id', 'connector_id'])
        .execute();
      // D6: credential 0, the built-in empty credential, exists from the first start.
      const now = new Date().toISOString();
      await (db as Kysely<Tables>)
        .insertInto('credentials')
        .values({
          id: 0,
          source: 'not_applicable',
          name: null,
          credential_json: '{}',
          admin_public: 1,
          curator_public: 1,
          groups: '[]',
          user_id: null,
          time_created: now,
          time_updated: now,
        })
        .execute();
    },
  },
  '0002_lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      // An administrator may pause a connector and resume it (PATCH status).
      await db.schema
        .alterTable('connectors')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
        .execute();
    },
  },
  '0003_revision': {
    // PostgreSQL: one row whose number every write moves (each instance's
    // caches compare it once per request). Statement triggers count writes by
    // any client; API writes bump it first thing (Store.beginWrite). SQLite
    // needs nothing: its data_version does this job.
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table revision (id integer primary key check (id = 1), value bigint not null)`.execute(
        db,
      );
      await sql`insert into revision (id, value) values (1, 1)`.execute(db);
      await sql`create function bump_revision() returns trigger language plpgsql as $$
        begin update revision set value = value + 1 where id = 1; return null; end $$`.execute(db);
      for (const table of [
        'users',
        'api_keys',
        'credentials',
        'connectors',
        'connector_credential_pairs',
        'settings',
      ]) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    },
  },
  '0004_audit_log': {
    // The activity log (docs/api.md, "Activity log"): one row per change, written in
    // the change's own transaction, read newest first by (time, id).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', t.idType, t.id)
        .addColumn('time', 'text', (c) => t.sortedText(c).notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('actor_api_key_id', t.bigInteger)
        .addColumn('resource_type', 'text')
        .addColumn('resource_id', 'text')
        .addColumn('resource_name', 'text')
        .addColumn('address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('request_id', 'text')
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      // Like every table of the data, a write to it moves the revision (0003).
      if (dialect === 'postgres') {
        await sql`create trigger audit_log_revision after insert or update or delete or truncate
          on audit_log for each statement execute function bump_revision()`.execute(db);
      }
      await db.schema
        .createIndex('audit_log_time_idx')
        .on('audit_log')
        .columns(['time', 'id'])
        .execute();
    },
  },
  '0005_api_key_details': {
    // Keys made in the panel (docs/security.md, "API keys"): a name, the admin who made
    // it, an optional end, and when it was last used (written at most once a minute).
    async up(db: Kysely<unknown>) {
      for (const column of ['name', 'owner_user_id', 'expires_at', 'last_used_at']) {
        await db.schema.alterTable('api_keys').addColumn(column, 'text').execute();
      }
      await db.schema
        .alterTable('users')
        .addColumn('is_api_key', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0006_revision_notice': {
    // PostgreSQL: every move of the revision is announced (NOTIFY, delivered
    // only once its transaction commits), so an instance that LISTENs knows the
    // revision without asking before each request. The schema names whose
    // revision it is (several servers may share a database, each in its schema).
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create function notify_revision() returns trigger language plpgsql as $$
        begin perform pg_notify('sourcedesk_revision', current_schema() || ' ' || new.value); return null; end $$`.execute(
        db,
      );
      await sql`create trigger revision_notice after update on revision
        for each row execute function notify_revision()`.execute(db);
    },
  },
  '0007_people': {
    // The life of a user (docs/api.md, "Users"): a user may be deactivated (every key
    // and session refused at once) or invited before their first sign-in; the
    // panel signs in with a server-side session in a cookie (docs/security.md, "Sessions").
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('invited_users')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => t.sortedText(c).primaryKey())
        .addColumn('invited_by_user_id', 'text')
        .addColumn('time_invited', 'text', (c) => c.notNull())
        .execute();
      // A session is known by the hash of its token (the cookie holds the token).
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('how', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      // Like every table of the data, a write to them moves the revision (0003), so
      // an instance that remembers a session's user hears of its end at once.
      if (dialect === 'postgres') {
        for (const table of ['invited_users', 'sessions']) {
          await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
            on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
        }
      }
    },
  },
  '0008_user_groups': {
    // User groups (D13): members and, among them, curators; the pairs a group
    // may see; the groups a credential is shared with. A pair carries its own
    // access (public unless made private to groups) and an optional name (D7).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_groups')
        .addColumn('id', t.idType, t.id)
        .addColumn('name', 'text', (c) => t.sortedText(c).notNull().unique())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_updated', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_group_members')
        .addColumn('group_id', t.bigInteger, (c) =>
          c.notNull().references('user_groups.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_curator', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('user_group_members_user_idx')
        .on('user_group_members')
        .columns(['user_id', 'group_id'])
        .execute();
      await db.schema
        .createTable('pair_groups')
        .addColumn('pair_id', t.bigInteger, (c) =>
          c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
        )
        .addColumn('group_id', t.bigInteger, (c) =>
          c.notNull().references('user_groups.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('pair_groups_pk', ['pair_id', 'group_id'])
        .execute();
      await db.schema
        .createIndex('pair_groups_group_idx')
        .on('pair_groups')
        .columns(['group_id', 'pair_id'])
        .execute();
      await db.schema
        .createTable('credential_groups')
        .addColumn('credential_id', t.bigInteger, (c) =>
          c.notNull().references('credentials.id').onDelete('cascade'),
        )
        .addColumn('group_id', t.bigInteger, (c) =>
          c.notNull().references('user_groups.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('credential_groups_pk', ['credential_id', 'group_id'])
        .execute();
      await db.schema
        .createIndex('credential_groups_group_idx')
        .on('credential_groups')
        .columns(['group_id', 'credential_id'])
        .execute();
      await db.schema
        .alterTable('connector_credential_pairs')
        .addColumn('access_type', 'text', (c) => c.notNull().defaultTo('public'))
        .execute();
      await db.schema.alterTable('connector_credential_pairs').addColumn('name', 'text').execute();
      // Like every table of the data, a write to them moves the revision (0003).
      if (dialect === 'postgres') {
        for (const table of [
          'user_groups',
          'user_group_members',
          'pair_groups',
          'credential_groups',
        ]) {
          await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
            on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
        }
      }
    },
  },
  '0009_audit_filters': {
    // The activity log's filters (server/repos/audit.ts), each an index that
    // ends in (time, id): a page or an export chunk of any filter starts at its
    // cursor and reads only the rows it returns, in order, without a sort.
    // (time, id) alone, from 0004, serves no filter and since/until.
    // PostgreSQL: plain CREATE INDEX, not CONCURRENTLY. Kysely's Migrator runs
    // all pending migrations in one transaction there (so a failed start
    // changes nothing), and CONCURRENTLY cannot run inside one; the table is
    // write-locked while the indexes are built, a few seconds for a million rows.
    async up(db: Kysely<unknown>) {
      const indexes: Record<string, string[]> = {
        audit_log_action_idx: ['action'],
        audit_log_actor_user_idx: ['actor_user_id'],
        audit_log_resource_idx: ['resource_type', 'resource_id'],
        audit_log_resource_type_idx: ['resource_type'],
        audit_log_resource_id_idx: ['resource_id'],
      };
      for (const [name, columns] of Object.entries(indexes)) {
        await db.schema
          .createIndex(name)
          .on('audit_log')
          .columns([...columns, 'time', 'id'])
          .execute();
      }
      // The actor filter compares e-mail addresses without letter case.
      await sql`create index audit_log_actor_email_idx on audit_log (lower(actor_email), time, id)`.execute(
        db,
      );
    },
  },
  '0010_pair_tests': {
    // A pair's last connection test (issue 25, "Re-tests"): when, the overall
    // outcome (1 passed, 0 failed, null not all checked) and the checks' words
    // as JSON — never the remote answer, never a secret. Null until tested.
    async up(db: Kysely<unknown>) {
      for (const [column, type] of [
        ['last_test_at', 'text'],
        ['last_test_ok', 'integer'],
        ['last_test_checks', 'text'],
      ] as const) {
        await db.schema.alterTable('connector_credential_pairs').addColumn(column, type).execute();
      }
    },
  },
  '0011_used_sign_in_states': {
    // A single sign-on's state is spent at its callback, on every instance:
    // followed twice (a provider that takes a code twice), it opens one session.
    // Kept by hash until the pending sign-in would have ended anyway.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('used_sign_in_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      // Like every table of the data, a write to it moves the revision (0003).
      if (dialect === 'postgres') {
        await sql`create trigger used_sign_in_states_revision after insert or update or delete or truncate
          on used_sign_in_states for each statement execute function bump_revision()`.execute(db);
      }
    },
  },
  '0012_connector_creator': {
    // D13: a curator sees a connector with no pair that they made, and changes
    // one they made whose pairs are all public: the connector keeps its maker
    // (null for connectors made before, and when the maker is deleted). A
    // credential's groups move from 0001's JSON text to credential_groups
    // (0008), where the foreign keys keep them true; ids that name no group
    // were never groups and are dropped.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('connectors')
        .addColumn('creator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      const rows = await sql<{ id: number; groups: string }>`
        select id, groups from credentials where groups <> '[]'`.execute(db);
      for (const row of rows.rows) {
        const ids: unknown = JSON.parse(row.groups);
        for (const groupId of Array.isArray(ids) ? ids : []) {
          if (!Number.isSafeInteger(groupId)) continue;
          await sql`insert into credential_groups (credential_id, group_id)
            select ${row.id}, id from user_groups where id = ${groupId}
            on conflict do nothing`.execute(db);
        }
      }
    },
  },
  '0013_paused_at': {
    // When a connector was paused (issue 25: paused for more than 30 days needs
    // attention); null while it runs. One paused before this counts from its
    // last change, the nearest time known. A column of connectors, whose
    // trigger (0003) already moves the revision.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('connectors').addColumn('paused_at', 'text').execute();
      await sql`update connectors set paused_at = time_updated where status = 'PAUSED'`.execute(db);
    },
  },
  '0014_alerts': {
    // Alerts (docs/operations.md, "Alerts"): the last state each subject was
    // alerted in (a pair `pair:<id>` ACTIVE or INVALID, a key `api_key:<id>`,
    // a credential `credential:<id>`), so a change of state alerts once; and the
    // deliveries to the webhook, each with its payload (never a secret), its
    // attempts and outcome, retried with back-off until `give_up_at`.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alert_state')
        .addColumn('subject', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('alert_deliveries')
        .addColumn('id', t.idType, t.id)
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('give_up_at', 'text', (c) => c.notNull())
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_outcome', 'text')
        .execute();
      await db.schema
        .createIndex('alert_deliveries_pending_idx')
        .on('alert_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      // Like every table of the data, a write to them moves the revision (0003).
      if (dialect === 'postgres') {
        for (const table of ['alert_state', 'alert_deliveries']) {
          await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
            on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
        }
      }
    },
  },
  '0015_config_refs': {
    // Configuration as code (issue 26): a connector and a credential carry a
    // stable `ref` that a bundle names them by, kept through renames. Old rows
    // get one from their name in id order (the second `jira` is `jira-2`), so
    // two instances migrated from the same data agree.
    async up(db: Kysely<unknown>) {
      const typed = db as unknown as Kysely<Tables>;
      for (const table of ['connectors', 'credentials'] as const) {
        await db.schema.alterTable(table).addColumn('ref', 'text').execute();
        const rows = await typed
          .selectFrom(table)
          .select(['id', 'name', 'source'])
          .orderBy('id')
          .execute();
        const taken = new Set<string>();
        for (const row of rows) {
          const ref = freeRef(refFromName(row.name, row.source.replace(/_/g, '-')), (r) =>
            taken.has(r),
          );
          taken.add(ref);
          await typed.updateTable(table).set({ ref }).where('id', '=', row.id).execute();
        }
        await db.schema.createIndex(`${table}_ref_key`).on(table).column('ref').unique().execute();
      }
    },
  },
  '0016_invitation_links': {
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
  },
  '0017_directory_index': {
    // The users directory at 100,000 people (issue 29's scale rows; EXPLAINed in
    // test/api/users-directory-index.test.ts): its pages, in e-mail order, start at
    // their offset in this index instead of sorting the people (PostgreSQL) or
    // reading the table in e-mail order and dropping key users (SQLite); its count and
    // its search (an address that holds the text: no index finds that) read
    // it on SQLite instead of the table. On a database that holds data, PostgreSQL
    // builds it CONCURRENTLY (writes to users go on meanwhile), outside a
    // transaction (runMigrations): a build that stopped halfway leaves an
    // invalid index, which is dropped and built again.
    outsideTransaction: true,
    async up(db: Kysely<unknown>) {
      const name = 'users_directory_idx';
      const columns = sql`(is_api_key, email_lower, id)`;
      if (dialect !== 'postgres' || db.isTransaction) {
        await sql`create index ${sql.id(name)} on users ${columns}`.execute(db);
        return;
      }
      const { rows } = await sql<{ valid: boolean }>`
        select i.indisvalid as valid from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where c.relname = ${name} and n.nspname = current_schema()`.execute(db);
      if (rows[0]?.valid) return;
      if (rows[0]) await sql`drop index concurrently ${sql.id(name)}`.execute(db);
      await sql`create index concurrently ${sql.id(name)} on users ${columns}`.execute(db);
    },
  },
  '0018_connector_version': {
    // The connector list is rebuilt by the rows that changed (server/repos/snapshotBytes.ts):
    // a row's version moves with every update of it, whichever code path made it.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('connectors')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await sql`create function connectors_next_version() returns trigger language plpgsql as $$
          begin new.version := old.version + 1; return new; end $$`.execute(db);
        await sql`create trigger connectors_version before update on connectors
          for each row execute function connectors_next_version()`.execute(db);
      } else {
        // Triggers do not fire themselves again (recursive_triggers is off), and `when` says so too.
        await sql`create trigger connectors_version after update on connectors
          for each row when new.version = old.version
          begin update connectors set version = old.version + 1 where id = new.id; end`.execute(db);
      }
    },
  },
  '0020_sync_jobs': {
    // Sync jobs and workers (D14; docs/workers.md). Worker keys, stored by
    // hash like API keys; the workers as their check-ins left them; the jobs
    // (Onyx's index attempts) with their counters, checkpoint and heartbeat;
    // their errors; each job's own documents (so a repeated batch counts once);
    // and each pair's document inventory, which the counts come from. A pair
    // never has two open jobs of a kind: a partial unique index says so to
    // every instance at once.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('worker_keys')
        .addColumn('id', t.idType, t.id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_revoked', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createTable('workers')
        .addColumn('worker_key_id', t.bigInteger, (c) =>
          c.notNull().references('worker_keys.id').onDelete('cascade'),
        )
        .addColumn('worker_id', 'text', (c) => c.notNull())
        .addColumn('hostname', 'text')
        .addColumn('version', 'text')
        .addColumn('sources', 'text')
        .addColumn('last_check_in', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workers_pk', ['worker_key_id', 'worker_id'])
        .execute();
      const keyType = t.bigInteger;
      await db.schema
        .createTable('sync_jobs')
        .addColumn('id', t.idType, t.id)
        .addColumn('cc_pair_id', keyType, (c) =>
          c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
        )
        .addColumn('credential_id', keyType, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('from_beginning', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('new_docs_indexed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_docs_indexed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('docs_removed_from_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error_msg', 'text')
        .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('full_exception_trace', 'text')
        .addColumn('validation_error', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('time_started', 'text')
        .addColumn('time_updated', 'text', (c) => c.notNull())
        .addColumn('time_finished', 'text')
        .addColumn('last_progress_at', 'text')
        .addColumn('poll_range_start', 'text')
        .addColumn('poll_range_end', 'text')
        .addColumn('checkpoint', 'text')
        .addColumn('worker_key_id', keyType, (c) =>
          c.references('worker_keys.id').onDelete('set null'),
        )
        .addColumn('worker_id', 'text')
        .addColumn('cancellation_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_batches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_batches', 'integer')
        .execute();
      await sql`create unique index sync_jobs_one_open_idx on sync_jobs (cc_pair_id, kind)
        where status in ('not_started', 'in_progress')`.execute(db);
      await db.schema
        .createIndex('sync_jobs_pair_idx')
        .on('sync_jobs')
        .columns(['cc_pair_id', 'id'])
        .execute();
      await db.schema
        .createIndex('sync_jobs_status_idx')
        .on('sync_jobs')
        .columns(['status', 'id'])
        .execute();
      await db.schema
        .createTable('sync_job_errors')
        .addColumn('id', t.idType, t.id)
        .addColumn('job_id', keyType, (c) =>
          c.notNull().references('sync_jobs.id').onDelete('cascade'),
        )
        .addColumn('cc_pair_id', keyType, (c) => c.notNull())
        .addColumn('document_id', 'text')
        .addColumn('document_link', 'text')
        .addColumn('entity_id', 'text')
        .addColumn('failed_time_range_start', 'text')
        .addColumn('failed_time_range_end', 'text')
        .addColumn('failure_message', 'text', (c) => c.notNull())
        .addColumn('error_type', 'text')
        .addColumn('is_resolved', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('time_created', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sync_job_errors_pair_idx')
        .on('sync_job_errors')
        .columns(['cc_pair_id', 'id'])
        .execute();
      await db.schema
        .createTable('sync_job_documents')
        .addColumn('job_id', keyType, (c) =>
          c.notNull().references('sync_jobs.id').onDelete('cascade'),
        )
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('upserted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('was_new', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('sync_job_documents_pk', ['job_id', 'document_id'])
        .execute();
      await db.schema
        .createTable('pair_documents')
        .addColumn('cc_pair_id', keyType, (c) =>
          c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
        )
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('semantic_identifier', 'text', (c) => c.notNull())
        .addColumn('title_lower', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('updated_at', 'text')
        .addColumn('time_last_indexed', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pair_documents_pk', ['cc_pair_id', 'document_id'])
        .execute();
      // Like every table of the data, a write to them moves the revision (0003).
      if (dialect === 'postgres') {
        for (const table of [
          'worker_keys',
          'workers',
          'sync_jobs',
          'sync_job_errors',
          'sync_job_documents',
          'pair_documents',
        ]) {
          await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
            on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
        }
      }
    },
  },
});

export const migrationsFor = (dialect: DialectName): MigrationProvider => ({
  getMigrations: async () => migrations(TYPES[dialect], dialect),
});

const FIRST = '0001_initial';

/**
 * Runs the pending migrations, on PostgreSQL under Kysely's migration lock
 * (session-wide, so instances starting at once take turns and each finds
 * what the last did). In a new database all in one transaction, as before;
 * in one that holds data, the pending migrations in runs: each run of ordinary
 * ones in a transaction of its own, each `outsideTransaction` one alone outside any.
 * Never down: a migrateTo whose target another instance has passed meanwhile finds nothing to do.
 */
export async function runMigrations(
  db: Kysely<unknown>,
  dialect: DialectName,
  /** PostgreSQL: the schema of the tables, where the migrations' own tables are too. */
  schema?: string,
): Promise<void> {
  const steps = migrations(TYPES[dialect], dialect);
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, { up: step.up }])),
  };
  const migrator = (on: Kysely<unknown>, outside: boolean) =>
    new Migrator({
      db: on,
      provider,
      ...(schema ? { migrationTableSchema: schema } : {}),
      disableTransactions: outside,
    });
  const done = (result: MigrationResultSet) => {
    if (result.error) throw result.error;
  };
  const pending = (await migrator(db, false).getMigrations())
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
  const outside = (name: string) => steps[name]?.outsideTransaction === true;
  if (dialect !== 'postgres' || pending[0] === FIRST || !pending.some(outside)) {
    done(await migrator(db, false).migrateToLatest());
    return;
  }
  for (let start = 0; start < pending.length;) {
    let end = start + 1;
    while (end < pending.length && !outside(pending[start]!) && !outside(pending[end]!)) end++;
    const target = pending[end - 1]!;
    if (outside(target))
      await alone(db, async (one) => done(await migrator(one, true).migrateTo(target)));
    else done(await migrator(db, false).migrateTo(target));
    start = end;
  }
}

/** A lock of its own (pg_advisory_lock's keys: "SD" + a number), beside Kysely's. */
const OUTSIDE_LOCK = 0x5344_0017;

/**
 * Runs `work` on one connection holding OUTSIDE_LOCK. Instances that find it
 * held ask again every 100 ms rather than wait in a statement: CREATE INDEX
 * CONCURRENTLY waits for every transaction older than its own to end, and one
 * blocked on a lock its own instance holds never would (a deadlock).
 */
async function alone(db: Kysely<unknown>, work: (one: Kysely<unknown>) => Promise<void>) {
  await db.connection().execute(async (one) => {
    const take = sql<{ taken: boolean }>`select pg_try_advisory_lock(${OUTSIDE_LOCK}) as taken`;
    while (!(await take.execute(one)).rows[0]?.taken) await sleep(100);
    try {
      await work(one);
    } finally {
      await sql`select pg_advisory_unlock(${OUTSIDE_LOCK})`.execute(one);
    }
  });
}
