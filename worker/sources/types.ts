// What every source reader is: an async generator of bounded batches, each
// with the checkpoint (the page cursor) that resumes the run after it. A reader
// is given the pair's connector_specific_config and credential values as the
// server holds them (the wizard's keys, src/contract/sources/), the poll window
// of the job, the checkpoint of an interrupted run, and the HTTP client that
// keeps the source's rules (retries, back-off, the credential's origin).
import type { SourceApiHosts } from '../../server/connectionCheck/hosts';
import type { SourceHttp } from './http';

/** One document as the inventory keeps it (D14). */
export interface SourceDocument {
  document_id: string;
  semantic_identifier: string;
  link: string | null;
  /** ISO 8601, when the source says. */
  updated_at: string | null;
}

/** A document that could not be read: one error row, not a failed run. */
export interface DocumentFailure {
  document_id?: string;
  document_link?: string;
  failure_message: string;
}

/** Where a run stands: JSON the server keeps and hands back to the next run. */
export type Checkpoint = Record<string, unknown> | null;

export interface ReadBatch {
  documents: SourceDocument[];
  failures: DocumentFailure[];
  /** The cursor after this batch: a run resumed with it reads what follows. */
  checkpoint: Checkpoint;
}

export interface ReadInput {
  config: Record<string, unknown>;
  credential: Record<string, unknown>;
  /** Only what changed at or after this moment (an incremental run); null reads all. */
  since: Date | null;
  /** Nothing changed after this moment is asked for; null: up to now. */
  until: Date | null;
  /** Where an interrupted run stopped, or null to start at the beginning. */
  checkpoint: Checkpoint;
  hosts: SourceApiHosts;
  http: SourceHttp;
  /** At most this many documents in one batch. */
  batchSize: number;
  /** Settings of the worker that a source may need (the web crawl's page limit). */
  limits: { webMaxPages: number };
}

export interface SourceReader {
  /** The documents: all of them (since null), or those changed in the window. */
  read(input: ReadInput): AsyncGenerator<ReadBatch>;
}

/** Thrown for a config the reader cannot use: the job is a validation error (D14). */
export class ConfigProblem extends Error {}
