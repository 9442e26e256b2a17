// connector-status's rows kept as JSON pieces, one per pair, rebuilt by what
// changed (docs/performance.md, "The lists under sync writes"). A row has two
// halves:
// - what the connectors, credentials, groups and tests say (its base), read
//   again for every pair only when one of those topics moves or the clock
//   reaches the base's next change (attention.ts);
// - what its runs say (syncStatus.ts), read again only for the pairs whose
//   sync version moved (migration 0034: every write to a pair's jobs or
//   documents moves it, whoever writes), or whose facts the clock changes
//   (a running job starting to look stalled), or for all when a worker comes
//   online or goes offline.
// A claim, a heartbeat or a batch of documents on one pair reads that pair's
// runs again and joins the other pairs' kept pieces; the bytes equal
// JSON.stringify of connectorStatusRows (statusRows.ts), read afresh.
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { SecretBox } from '../crypto/secretBox';
import { codePart, codePartNow, joinParts, type CodedPart } from '../http/gzipParts';
import type { Db } from '../db/database';
import { pairSyncVersions } from '../repos/pairSyncVersions';
import { statusBases, statusRow, type StatusBase } from './statusRows';
import type { HealthSettings } from './attention';
import {
  anyWorkerOnline,
  pairSyncOf,
  pairSyncUntil,
  readPairJobs,
  type PairJobs,
  type PairSync,
} from './syncStatus';
import { Turns } from '../db/turns';
import type { SyncSettings } from './syncRules';

interface Facts {
  /** `<sync version>:<credential id>:<refresh_freq>`: what the facts were read for. */
  key: string;
  /** When the clock alone changes them (ms since the epoch); null: never. */
  until: number | null;
  /** A run of the pair waits (whether a worker is online changes its facts). */
  waiting: boolean;
  sync: PairSync;
}

interface Piece {
  base: StatusBase;
  facts: Facts;
  row: ConnectorStatusRow;
  json: Buffer;
}

/** A row and its bytes, for the caller's filter (scope.ts, needs_attention). */
export interface StatusPiece {
  row: ConnectorStatusRow;
  json: Buffer;
}

/** A pair whose runs were read again, with the key of what its facts are read for. */
interface StalePair {
  at: number;
  pair: StatusBase;
  key: string;
}

/** What a build read inside the transaction (StatusPieces.read), for its rows after it. */
export interface StatusRead {
  now: Date;
  sync: SyncSettings;
  base: { key: string; until: number | null; pairs: StatusBase[] };
  rebased: boolean;
  online: { online: boolean; until: number | null };
  /** Each pair's kept facts, in the bases' order; null for a stale pair (its runs read again). */
  facts: (Facts | null)[];
  stale: StalePair[];
  jobs: Map<number, PairJobs>;
}

const earlier = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

export class StatusPieces {
  private base: StatusRead['base'] | null = null;
  private readonly facts = new Map<number, Facts>();
  private readonly pieces = new Map<number, Piece>();
  private online: boolean | null = null;
  /** Pairs whose runs the last build read again (what a write cost the next reader). */
  lastRebuilt = 0;
  /** Rows the last build found changed (their blocks are joined and compressed again). */
  lastChanged = 0;
  /** The build under way (`oneAtATime`), settled. */
  private running: Promise<unknown> = Promise.resolve();

  /**
   * A build (its read's transaction, then its rows) once the one under way is
   * done: the facts a build read are kept only when its rows are made, after
   * its transaction, so a second view's build begun meanwhile would read
   * every pair's runs again. Begun after it, it reads only what changed since.
   */
  oneAtATime<T>(build: () => Promise<T>): Promise<T> {
    const done = this.running.then(build);
    this.running = done.catch(() => undefined);
    return done;
  }

  /** Every row, in connectorStatusRows's order: `read` and `build` at once (inside `db`'s transaction). */
  async rows(
    db: Db,
    baseKey: string,
    secrets: SecretBox,
    settings: HealthSettings,
    sync: SyncSettings,
  ): Promise<{ pieces: StatusPiece[]; until: number | null }> {
    return this.build(await this.read(db, baseKey, secrets, settings, sync));
  }

  /**
   * What the rows read, inside `db`'s transaction: the bases (read again when
   * their topics or the clock moved them), and the runs of the pairs whose
   * sync version moved. `baseKey` is the revision of the topics the bases read
   * (read before the transaction, so the bases are at least as new as it).
   * The rows are made from it by `build`, after the transaction: a write
   * waits behind the transaction on SQLite's write thread, not behind the rows.
   */
  async read(
    db: Db,
    baseKey: string,
    secrets: SecretBox,
    settings: HealthSettings,
    sync: SyncSettings,
  ): Promise<StatusRead> {
    const now = settings.now;
    const turns = new Turns();
    const kept = this.base;
    const rebased = kept?.key !== baseKey || (kept.until !== null && now.getTime() >= kept.until);
    const base = rebased ? { key: baseKey, ...(await statusBases(db, secrets, settings)) } : kept;
    this.base = base;
    // Versions before the facts: facts read after them are at least as new.
    await turns.ifDue();
    const versions = await pairSyncVersions(db);
    await turns.ifDue();
    const online = await anyWorkerOnline(db, now, sync);
    if (this.online !== online.online) {
      this.facts.clear();
      this.online = online.online;
    }
    // The facts kept are taken now: another build may let them go before this one's rows are made.
    const facts: (Facts | null)[] = [];
    const stale: StalePair[] = [];
    for (const [at, pair] of base.pairs.entries()) {
      if (turns.due()) await turns.next();
      const version = versions.get(pair.cc_pair_id)?.version ?? 0;
      const key = `${version}:${pair.credential_id}:${pair.refresh_freq}`;
      const kept = this.facts.get(pair.cc_pair_id);
      const fresh = kept?.key === key && (kept.until === null || now.getTime() < kept.until);
      facts.push(fresh ? kept : null);
      if (!fresh) stale.push({ at, pair, key });
    }
    this.lastRebuilt = stale.length;
    const sizes = new Map(
      stale.map(({ pair }) => [pair.cc_pair_id, versions.get(pair.cc_pair_id)?.documents ?? 0]),
    );
    const jobs = stale.length > 0 ? await readPairJobs(db, [...sizes.keys()], sizes) : new Map();
    return { now, sync, base, rebased, online, facts, stale, jobs };
  }

  /**
   * The rows from what `read` read, in bounded turns (server/db/turns.ts):
   * at 10,000 pairs their facts, JSON and bytes took ~200 ms in one piece.
   */
  async build(read: StatusRead): Promise<{ pieces: StatusPiece[]; until: number | null }> {
    const { now, sync, base, online, facts } = read;
    const moment = { now, settings: sync, anyOnline: online.online };
    const turns = new Turns();
    for (const { at, pair, key } of read.stale) {
      if (turns.due()) await turns.next();
      const jobs = read.jobs.get(pair.cc_pair_id)!;
      const made: Facts = {
        key,
        until: pairSyncUntil(jobs, sync, now),
        waiting: jobs.open.some((job) => job.status === 'not_started'),
        sync: pairSyncOf(jobs, pair, moment),
      };
      facts[at] = made;
      // Kept unless a build since found the workers' state changed (the facts read under the old one).
      if (this.online === online.online) this.facts.set(pair.cc_pair_id, made);
    }

    let until = base.until;
    let waiting = false;
    this.lastChanged = 0;
    const pieces: StatusPiece[] = [];
    for (const [at, pair] of base.pairs.entries()) {
      if (turns.due()) await turns.next();
      const pairFacts = facts[at]!;
      until = earlier(until, pairFacts.until);
      waiting ||= pairFacts.waiting;
      pieces.push(this.pieceOf(pair, pairFacts));
    }
    // A waiting run needs attention once the last worker online goes offline.
    if (waiting && online.online) until = earlier(until, online.until);
    // Pairs no longer listed are let go (they change only with the bases).
    if (read.rebased) {
      const listed = new Set(base.pairs.map((pair) => pair.cc_pair_id));
      for (const id of this.pieces.keys()) {
        if (!listed.has(id)) {
          this.pieces.delete(id);
          this.facts.delete(id);
        }
      }
    }
    return { pieces, until };
  }

  /** The pair's piece: the one kept, unless its base or facts changed its bytes. */
  private pieceOf(pair: StatusBase, facts: Facts): Piece {
    let piece = this.pieces.get(pair.cc_pair_id);
    if (piece?.base === pair && piece.facts === facts) return piece;
    const row = statusRow(pair, facts.sync);
    const json = Buffer.from(JSON.stringify(row));
    if (piece?.json.equals(json)) {
      // Read again, the same: the piece stays itself, so its block is not joined or compressed again.
      piece.base = pair;
      piece.facts = facts;
    } else {
      piece = { base: pair, facts, row, json };
      this.pieces.set(pair.cc_pair_id, piece);
      this.lastChanged += 1;
    }
    return piece;
  }
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The pieces as one JSON array. */
export function joinPieces(pieces: readonly StatusPiece[]): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const piece of pieces) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(piece.json);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** Pieces joined at a time: a write rebuilds its block, and the answer is the blocks joined. */
const BLOCK = 128;
/** Views whose blocks are kept, the last joined (each holds as many bytes as its answer). */
const VIEWS_KEPT = 4;
const OPEN_PART = codePartNow(OPEN);
const COMMA_PART = codePartNow(COMMA);
const CLOSE_PART = codePartNow(CLOSE);

interface Block {
  pieces: readonly StatusPiece[];
  /** The pieces' JSON, comma-separated, with its deflate (gzipParts.ts). */
  coded: Promise<CodedPart>;
}

/**
 * Joins the pieces of each view by blocks kept from its last answer: joining
 * 10,000 pieces one by one took ~40 ms (a copy call each), the blocks of a
 * changed answer are all kept but the one or two a write touched. Each block
 * is compressed when made, so the answer's gzip copy is the blocks' joined.
 */
export class PieceJoin {
  private readonly views = new Map<string, Block[]>();

  async join(view: string, pieces: readonly StatusPiece[]): Promise<ReturnType<typeof joinParts>> {
    const kept = this.views.get(view) ?? [];
    const blocks: Block[] = [];
    const turns = new Turns();
    for (let from = 0, n = 0; from < pieces.length; from += BLOCK, n++) {
      if (turns.due()) await turns.next();
      const part = pieces.slice(from, from + BLOCK);
      const old = kept[n];
      const same =
        old?.pieces.length === part.length && old.pieces.every((piece, i) => piece === part[i]);
      if (same) {
        blocks.push(old);
        continue;
      }
      const bytes: Buffer[] = [];
      for (const piece of part) {
        if (bytes.length > 0) bytes.push(COMMA);
        bytes.push(piece.json);
      }
      blocks.push({ pieces: part, coded: codePart(Buffer.concat(bytes)) });
    }
    this.views.delete(view);
    this.views.set(view, blocks);
    for (const oldest of this.views.keys()) {
      if (this.views.size <= VIEWS_KEPT) break;
      this.views.delete(oldest);
    }
    const coded = await Promise.all(blocks.map((block) => block.coded)).catch((error: unknown) => {
      // A failed block is not kept: the next answer makes the view's blocks again.
      this.views.delete(view);
      throw error;
    });
    const parts: CodedPart[] = [OPEN_PART];
    for (const block of coded) {
      if (parts.length > 1) parts.push(COMMA_PART);
      parts.push(block);
    }
    parts.push(CLOSE_PART);
    return joinParts(parts);
  }
}
