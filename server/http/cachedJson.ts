// Read answers kept as ready-made JSON bytes until a table they read changes,
// so a list of 10,000 connectors is queried and serialised once per change, not
// once per request. What an answer reads is declared on its endpoint
// (`cachedReads`, topics of tables: src/contract/endpoint.ts); the store's
// revision of those topics (Store.revisions) keys the answer, so a write to
// other tables (a session's last use, the activity log) keeps it, and a write
// to one of its tables is visible to the very next read.
//
// How much is kept is a budget of bytes, not a count of answers: a curator's
// list is a few KB and an admin's of 10,000 connectors a few MB, so a count
// either held too little (70 curators reading in turn found each answer evicted
// before they came back: every read a rebuild) or too much. The least recently
// read answer goes first.
//
// A client that takes gzip (browsers do) gets the answer's gzip copy, made at
// most once per change (gzipParts.ts): on the first such request, or by the
// producer from its parts. The gzip copies are not counted in the budget
// (~1/20 of their answers).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database';
import type { Endpoint, ReadTopic } from '../../src/contract/endpoint';
import { acceptsGzip, GZIP_LEAST_BYTES, gzipWhole } from './gzipParts';

/** An endpoint whose answers are kept: it names the topics it reads. */
export type CachedEndpoint = Pick<Endpoint, 'method' | 'path' | 'adminCachedReads'> & {
  cachedReads: readonly ReadTopic[];
};

/**
 * The endpoint as an admin's view is kept: by its `adminCachedReads` when it
 * declares them (fewer topics, so a group write keeps the admin's answer).
 */
export const forAdmin = (endpoint: CachedEndpoint): CachedEndpoint => ({
  ...endpoint,
  cachedReads: endpoint.adminCachedReads ?? endpoint.cachedReads,
});

interface CachedJson {
  /** Bytes, so that each answer is written as it is, not encoded again. */
  readonly body: Buffer;
  /** The body's length (counted in the budget before a lazy body is made). */
  readonly length: number;
  etag: string;
  /** The body gzipped, made once: the producer's copy, or on the first call. */
  gzipped(): Promise<Buffer>;
}

interface Entry extends CachedJson {
  revision: string;
  /** An answer that the clock alone changes stays true until then (ms since the epoch). */
  until: number | null;
}

/** What a build makes: the bytes, and until when they stay true if the data does not change. */
interface Made {
  /** Or made on the first plain read (then `length` and `gzip` are given). */
  body: Buffer | (() => Buffer);
  length?: number;
  until?: number | null;
  /** The body gzipped, when the producer made it from parts it keeps (else made when first asked). */
  gzip?: Buffer;
}

interface Build {
  /** The revision read when it began; null until read. */
  revision: string | null;
  done: Promise<Entry>;
}

/** The bytes of answers kept at most, by default: the admin's 10,000-list and many curators' views. */
export const READ_CACHE_BYTES = 24 * 2 ** 20;

export class JsonCache {
  /** In order of last read, least recent first. */
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Build>();
  private readonly queued = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(
    private readonly store: Pick<Store, 'revisions'>,
    private readonly maxBytes = READ_CACHE_BYTES,
  ) {}

  /** How many answers and bytes are kept now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The endpoint's answer for one `view` (a caller's scope, a query) at the
   * revision of the topics it reads (read before producing, so the answer is
   * at least as new as it); `produce` runs only on a miss.
   */
  get(
    endpoint: CachedEndpoint,
    view: string,
    produce: () => Promise<unknown>,
  ): Promise<CachedJson> {
    return this.getMade(endpoint, view, async () => ({ body: toBytes(await produce()) }));
  }

  /**
   * As `get`, for an answer produced as JSON bytes. One build per key at a
   * time: a caller whose revision is newer than the running build's waits for
   * the next one, begun after it (so after their call) and shared by all who
   * ask meanwhile; under a stream of writes the list is rebuilt back to back,
   * never once per request.
   */
  getBytes(
    endpoint: CachedEndpoint,
    view: string,
    produce: () => Promise<Buffer>,
  ): Promise<CachedJson> {
    return this.getMade(endpoint, view, async () => ({ body: await produce() }));
  }

  /**
   * As `getBytes`, for bytes the clock changes too: `produce` says until when
   * they stay true, and may give their gzip copy.
   */
  getBytesTimed(
    endpoint: CachedEndpoint,
    view: string,
    produce: () => Promise<Made>,
  ): Promise<CachedJson> {
    return this.getMade(endpoint, view, produce);
  }

  /** The store's revision of these topics now (a part of an answer kept by fewer topics than it). */
  revisions(topics: readonly ReadTopic[]): Promise<string> {
    return this.store.revisions(topics);
  }

  private async getMade(
    endpoint: CachedEndpoint,
    view: string,
    made: () => Promise<Made>,
  ): Promise<CachedJson> {
    const key = `${endpoint.method} ${endpoint.path} ${view}`;
    const topics = endpoint.cachedReads;
    const produce = { made, topics };
    const revision = await this.store.revisions(topics);
    const hit = this.entries.get(key);
    if (hit?.revision === revision && (hit.until === null || Date.now() <= hit.until)) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.running.get(key);
    if (!running) return this.start(key, produce).done;
    // A build that has not read its revision yet reads it after this call: as new as the caller's.
    if (running.revision === null || running.revision === revision) return running.done;
    let next = this.queued.get(key);
    if (!next) {
      next = running.done
        .catch(() => undefined)
        .then(() => {
          this.queued.delete(key);
          return this.start(key, produce).done;
        });
      this.queued.set(key, next);
    }
    return next;
  }

  private start(
    key: string,
    produce: { made: () => Promise<Made>; topics: readonly ReadTopic[] },
  ): Build {
    const build: Build = { revision: null, done: Promise.resolve(null as never) };
    build.done = (async () => {
      const revision = await this.store.revisions(produce.topics);
      build.revision = revision;
      const { body: made, until = null, gzip, length } = await produce.made();
      let body = typeof made === 'function' ? null : made;
      const join = typeof made === 'function' ? made : () => body!;
      if (body === null && (gzip === undefined || length === undefined))
        throw new Error('a lazy body needs its length and gzip copy');
      // gzip is lossless, so its bytes tell answers apart as well as the body's, at ~1/20 the hash.
      const etag = `"${createHash('sha1')
        .update(gzip ?? body!)
        .digest('base64url')}"`;
      let zipped = gzip ? Promise.resolve(gzip) : null;
      const entry: Entry = {
        revision,
        etag,
        until,
        length: length ?? body!.length,
        get body() {
          return (body ??= join());
        },
        // A failed compression is not kept: the next gzip reader tries again.
        gzipped: () =>
          (zipped ??= gzipWhole(entry.body).catch((error: unknown) => {
            zipped = null;
            throw error;
          })),
      };
      this.keep(key, entry);
      return entry;
    })();
    this.running.set(key, build);
    const finished = () => {
      if (this.running.get(key) === build) this.running.delete(key);
    };
    build.done.then(finished, finished);
    return build;
  }

  private keep(key: string, entry: Entry) {
    this.drop(key);
    // An answer larger than the whole budget is served, not kept.
    if (entry.length > this.maxBytes) return;
    for (const oldest of this.entries.keys()) {
      if (this.bytes + entry.length <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.length;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.length;
  }
}

const toBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });

/**
 * Sends cached JSON with its ETag, or 304 when the client already has it; gzipped
 * (its own tag: another representation) when the client takes gzip.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
) {
  const zipped =
    cached.length >= GZIP_LEAST_BYTES && acceptsGzip(request.headers['accept-encoding']);
  const etag = zipped ? `${cached.etag.slice(0, -1)}-gzip"` : cached.etag;
  reply.header('vary', 'accept-encoding').header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!zipped) return reply.send(cached.body);
  return reply.header('content-encoding', 'gzip').send(await cached.gzipped());
}
