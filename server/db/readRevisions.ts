// The revision of each topic of cached answers (src/contract/endpoint.ts,
// READ_TOPICS; migration 0032 moves them): a cached answer or a remembered key
// is kept until a topic it reads moves. They are read again only when the
// store's one revision moved (Store.revision: any write, by any process or
// instance), and then once however many ask: a read begun after the move was
// seen, so never older than it.
import type { ReadTopic } from '../../src/contract/endpoint';
import { sharedRead } from './sharedRead';

export type TopicValues = ReadonlyMap<string, number>;

export interface TopicReader {
  /** The store's one revision (moved by every write). */
  revision: () => Promise<string>;
  /** Every topic's value, read now; null when it cannot be read yet (SQLite inside its own open transaction). */
  read: () => Promise<TopicValues | null>;
}

/** A token that moves whenever a table of one of `topics` changes. */
export function topicRevisions({ revision, read }: TopicReader) {
  let known: { revision: string; values: TopicValues } | null = null;
  const readShared = sharedRead(read);
  return async (topics: readonly ReadTopic[]): Promise<string> => {
    const now = await revision();
    let values = known?.revision === now ? known.values : null;
    if (!values) {
      const read = await readShared();
      if (read) {
        values = read;
        known = { revision: now, values };
      } else {
        // Mid-transaction: the values before it (what is committed); the
        // revision is read again once it ends.
        values = known?.values ?? new Map();
      }
    }
    return topics.map((topic) => values.get(topic) ?? 0).join('.');
  };
}
