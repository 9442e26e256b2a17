// Migration 0001_initial (D12): released, never edited; the list is ./index.ts.
import { type Kysely } from 'kysely';
import type { Tables } from '../schema';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t) => ({
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
});

export default migration;
