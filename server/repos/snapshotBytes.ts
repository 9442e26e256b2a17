// D5's list as bytes, rebuilt by the rows that changed (docs/performance.md,
// "What holds back each missed row"). Each connector's snapshot is kept as its JSON, by its
// row version (0018: any update of the row moves it) and its credential ids;
// after a change one narrow query (id, version, credential id) finds what
// changed, only those snapshots are read and written again, and the list is
// the kept pieces joined. The bytes equal JSON.stringify of listConnectors.
import type { Db } from '../db/database';
import { snapshotsOf, UNLISTED_SOURCE } from './connectors';

interface Piece {
  /** `<version>:<credential ids>`: what the JSON was made from. */
  key: string;
  json: Buffer;
}

/** Rows read at a time by id, under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

export class SnapshotBytes {
  private readonly pieces = new Map<number, Piece>();

  /**
   * The list (optionally only the connectors attached to `credentialId`, and only
   * those `visible` lets through) as JSON bytes, read inside `db`'s transaction.
   */
  async list(
    db: Db,
    credentialId?: number,
    visible: (id: number) => boolean = () => true,
  ): Promise<Buffer> {
    let query = db
      .selectFrom('connectors as c')
      .leftJoin('connector_credential_pairs as p', 'p.connector_id', 'c.id')
      .select(['c.id', 'c.version', 'p.credential_id'])
      .where('c.source', '!=', UNLISTED_SOURCE)
      .orderBy('c.id')
      .orderBy('p.credential_id');
    if (credentialId !== undefined) {
      query = query.where('c.id', 'in', (eb) =>
        eb
          .selectFrom('connector_credential_pairs')
          .select('connector_id')
          .where('credential_id', '=', credentialId),
      );
    }
    const keys = new Map<number, string>();
    let lastId: number | undefined;
    let credentials: number[] = [];
    let version = 0;
    const close = () => {
      if (lastId !== undefined) keys.set(lastId, `${version}:${credentials.join(',')}`);
    };
    for (const row of await query.execute()) {
      const id = Number(row.id);
      if (id !== lastId) {
        close();
        lastId = id;
        version = Number(row.version);
        credentials = [];
      }
      if (row.credential_id !== null) credentials.push(Number(row.credential_id));
    }
    close();

    // The pieces this list is made of, held here: another list being built may replace the kept ones meanwhile.
    const used = new Map<number, Buffer>();
    const stale: number[] = [];
    for (const [id, key] of keys) {
      if (!visible(id)) continue;
      const kept = this.pieces.get(id);
      if (kept?.key === key) used.set(id, kept.json);
      else stale.push(id);
    }
    for (let start = 0; start < stale.length; start += CHUNK) {
      const snapshots = await snapshotsOf(db, stale.slice(start, start + CHUNK));
      for (const { snapshot, version } of snapshots) {
        // The key from the very rows read (PostgreSQL may show a later commit than the keys' query did).
        const key = `${version}:${snapshot.credential_ids.join(',')}`;
        const json = Buffer.from(JSON.stringify(snapshot));
        this.pieces.set(snapshot.id, { key, json });
        used.set(snapshot.id, json);
      }
    }
    if (credentialId === undefined) {
      // A whole list: pieces of connectors no longer listed are let go.
      for (const id of this.pieces.keys()) if (!keys.has(id)) this.pieces.delete(id);
    }

    const parts: Buffer[] = [OPEN];
    for (const id of keys.keys()) {
      const json = used.get(id);
      // Not visible to this caller (or gone since the keys were read).
      if (!json) continue;
      if (parts.length > 1) parts.push(COMMA);
      parts.push(json);
    }
    parts.push(CLOSE);
    return Buffer.concat(parts);
  }
}
