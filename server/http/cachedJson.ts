// Read answers kept as ready-made JSON bytes until the database changes
// (Store.revision), so a list of 10,000 connectors is queried and serialised
// once per change, not once per request. A write is visible to the very next
// read: every write changes the revision.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database';

interface CachedJson {
  /** Bytes, so that each answer is written as it is, not encoded again. */
  body: Buffer;
  etag: string;
}

interface Entry extends CachedJson {
  revision: string;
}

export class JsonCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(
    private readonly store: Store,
    private readonly maxEntries = 64,
  ) {}

  /**
   * The answer for `key` at `revision` (read before producing, so the answer is
   * at least as new as it); `produce` runs only on a miss.
   */
  async get(key: string, produce: () => Promise<unknown>, known?: string): Promise<CachedJson> {
    const revision = known ?? (await this.store.revision());
    const hit = this.entries.get(key);
    if (hit?.revision === revision) return hit;
    const slot = `${revision} ${key}`;
    let entry = this.pending.get(slot);
    if (!entry) {
      entry = produce().then((value) => {
        const body = Buffer.from(JSON.stringify(value));
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        return { revision, body, etag };
      });
      this.pending.set(slot, entry);
      void entry
        .then(
          (done) => this.keep(key, done),
          () => undefined,
        )
        .finally(() => this.pending.delete(slot));
    }
    return entry;
  }

  private keep(key: string, entry: Entry) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });

/** Sends cached JSON with its ETag, or 304 when the client already has it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag);
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
