// Runs a worker's source reader (worker/sources/) to its end against a fake
// source, with short back-offs, and gathers what it yielded.
import { DEFAULT_SOURCE_API_HOSTS } from '../../server/connectionCheck/hosts';
import { SourceHttp, type HttpSettings } from '../../worker/sources/http';
import type {
  Checkpoint,
  DocumentFailure,
  ReadInput,
  SourceDocument,
  SourceReader,
} from '../../worker/sources/types';

export const FAST_HTTP: HttpSettings = {
  attempts: 3,
  backoffMs: 20,
  maxWaitMs: 5000,
  timeoutMs: 2000,
  maxBytes: 4 * 1024 * 1024,
};

export interface ReadOutcome {
  documents: SourceDocument[];
  failures: DocumentFailure[];
  checkpoints: Checkpoint[];
  /** The waits the client announced before a new try. */
  retries: { why: string; waitMs: number }[];
}

export function readInput(
  service: string,
  overrides: Partial<ReadInput> & { httpSettings?: Partial<HttpSettings> } = {},
): ReadInput & { retries: ReadOutcome['retries'] } {
  const retries: ReadOutcome['retries'] = [];
  const { httpSettings, ...rest } = overrides;
  return {
    config: {},
    credential: {},
    since: null,
    until: null,
    checkpoint: null,
    hosts: DEFAULT_SOURCE_API_HOSTS,
    http: new SourceHttp(service, { ...FAST_HTTP, ...httpSettings }, undefined, (why, waitMs) =>
      retries.push({ why, waitMs }),
    ),
    batchSize: 100,
    limits: { webMaxPages: 1000 },
    retries,
    ...rest,
  };
}

/** Every batch, or the first `batches` of them (an interrupted run). */
export async function readAll(
  reader: SourceReader,
  input: ReturnType<typeof readInput>,
  batches = Infinity,
): Promise<ReadOutcome> {
  const outcome: ReadOutcome = {
    documents: [],
    failures: [],
    checkpoints: [],
    retries: input.retries,
  };
  for await (const batch of reader.read(input)) {
    if (batch.documents.length > input.batchSize) throw new Error('A batch over the batch size');
    outcome.documents.push(...batch.documents);
    outcome.failures.push(...batch.failures);
    outcome.checkpoints.push(batch.checkpoint);
    if (outcome.checkpoints.length >= batches) break;
  }
  return outcome;
}
