// What a migration is given: the dialect's spelling of the column types both
// stores share, and the dialect's name for what only one of them does.
import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Migration } from 'kysely';
import type { DialectName } from '../database';
export interface DialectTypes {
  /** A generated integer key, and the columns that refer to one. */
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  idType: ColumnDataType;
  /** An integer up to 2^53 (frequencies in seconds). */
  bigInteger: ColumnDataType;
  /** Text compared and sorted by code point, as SQLite does, whatever the server's locale. */
  sortedText: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

export const TYPES: Record<DialectName, DialectTypes> = {
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
export interface Step extends Migration {
  outsideTransaction?: true;
}

/** One migration file's default export: its steps for a dialect. */
export type MigrationOf = (t: DialectTypes, dialect: DialectName) => Step;
