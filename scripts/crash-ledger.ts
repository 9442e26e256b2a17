// What the crash check sent and what the server acknowledged, and the check of
// a stopped server's data file against it.
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';

type Config = Record<string, unknown>;

export interface Ledger {
  key: string;
  sent: number;
  acknowledged: number;
  unanswered: number;
  unexpected: string[];
  /** Every creation sent, answered or not, by `source\nname`. */
  sentCreates: Map<string, Config>;
  /** Creations answered 200, by the id they returned. */
  ackedCreates: Map<number, { name: string; source: string; config: Config }>;
  /** Connector ids whose attach of credential 0 was answered 200. */
  ackedAttaches: Set<number>;
}

interface FileCheck {
  integrity: string;
  /** Acknowledged writes (creations and attaches) present. */
  found: number;
  lost: number;
  problems: string[];
}

/** Opens the file read-only while no server runs: SQLite recovers the WAL itself. */
export function inspectDataFile(file: string, ledger: Ledger): FileCheck {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'none';
    const problems = integrity === 'ok' ? [] : [`integrity_check: ${integrity}`];
    const orphans = db.pragma('foreign_key_check') as unknown[];
    if (orphans.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(orphans)}`);

    const rows = db
      .prepare('select id, name, source, connector_specific_config as config from connectors')
      .all() as { id: number; name: string; source: string; config: string }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const sent = ledger.sentCreates.get(`${row.source}\n${row.name}`);
      if (!sent) problems.push(`connector ${row.id} "${row.name}" was never sent`);
      else if (!isDeepStrictEqual(JSON.parse(row.config), sent))
        problems.push(`connector ${row.id} "${row.name}" holds a config other than the one sent`);
    }
    const pairs = db
      .prepare('select connector_id, credential_id from connector_credential_pairs')
      .all() as { connector_id: number; credential_id: number }[];
    const attached = new Set<number>();
    for (const pair of pairs) {
      if (!byId.has(pair.connector_id) || pair.credential_id !== 0)
        problems.push(`pair ${pair.connector_id}/${pair.credential_id} points at no row it should`);
      attached.add(pair.connector_id);
    }

    let found = 0;
    let lost = 0;
    for (const [id, sent] of ledger.ackedCreates) {
      const row = byId.get(id);
      if (row && row.name === sent.name && row.source === sent.source) found += 1;
      else {
        lost += 1;
        problems.push(`acknowledged connector ${id} "${sent.name}" is missing`);
      }
    }
    for (const id of ledger.ackedAttaches) {
      if (attached.has(id)) found += 1;
      else {
        lost += 1;
        problems.push(`acknowledged attach of credential 0 to connector ${id} is missing`);
      }
    }
    return { integrity, found, lost, problems };
  } finally {
    db.close();
  }
}
