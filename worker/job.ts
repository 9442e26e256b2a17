// One job, claimed: read the credential, read the source batch by batch (one
// batch in memory at a time: the reader is asked for the next only when this
// one is delivered), send its documents and errors, report progress with the
// checkpoint after each batch and at least every heartbeat, and finish once.
// A cancellation asked for is obeyed after the batch in hand; a stop (SIGTERM)
// ends the job `interrupted` after it. Calls the server does not answer are
// asked again (the batch in hand is not lost); a job the server no longer gives
// this worker (404, 409) is left as the server says.
import { needsCredential, isCatalogueSource } from '../src/contract/sources/catalogue';
import {
  DOCUMENT_BATCH_MAX,
  ERROR_BATCH_MAX,
  EXCEPTION_TRACE_MAX_BYTES,
  type ClaimedJob,
  type FinishStatus,
  type JobCounts,
} from '../src/contract/sync';
import {
  finishJob,
  readJobCredential,
  reportJobProgress,
  sendJobDocuments,
  sendJobErrors,
} from '../src/contract/endpoints/worker';
import { ServerError, type WorkerClient } from './client';
import type { Log } from './log';
import { persistently } from './persistently';
import { SOURCE_NAMES, SOURCE_READERS, isReadable } from './sources/all';
import { SourceFailure, SourceHttp, SourceRefusal } from './sources/http';
import { ConfigProblem, type Checkpoint, type ReadBatch } from './sources/types';
import type { WorkerSettings } from './settings';

export interface JobControl {
  /** True once the worker is asked to stop (SIGTERM): the job ends after its batch. */
  stopping(): boolean;
}

/** The server ended the job itself (a stall, a revoked key, a cancel before the claim). */
class JobGone extends Error {}

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

function cut(text: string, bytes: number) {
  const buffer = Buffer.from(text, 'utf8');
  return buffer.length <= bytes
    ? text
    : buffer
        .subarray(0, bytes - 3)
        .toString('utf8')
        .replace(/\uFFFD$/, '') + '…';
}

export async function runJob(
  client: WorkerClient,
  job: ClaimedJob,
  settings: WorkerSettings,
  log: Log,
  control: JobControl,
): Promise<FinishStatus | 'gone'> {
  const { connector } = job;
  const what = `Job ${job.id} (${job.kind === 'prune' ? 'prune' : job.from_beginning ? 'complete re-index' : 'update'} of "${connector.name}", ${connector.source}, pair ${job.cc_pair_id})`;
  const started = Date.now();
  const since = job.kind === 'index' && !job.from_beginning ? job.poll_range_start : null;
  const resumed = job.kind === 'index' && job.checkpoint !== null;
  log.info(
    `${what} started: ${job.kind === 'prune' ? 'listing every document the source has' : since ? `reading what changed since ${since}` : 'reading every document'}${resumed ? ', resuming where the last run stopped' : ''}`,
  );

  let counts: JobCounts = {
    new_docs_indexed: 0,
    total_docs_indexed: 0,
    docs_removed_from_index: 0,
    cancellation_requested: false,
  };
  let failures = 0;
  let batches = 0;
  let checkpoint: Checkpoint = job.kind === 'index' ? job.checkpoint : null;
  let cancel = false;

  const server = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await persistently(call, {
        giveUp: () => control.stopping(),
        patienceMs: settings.shutdownPatienceMs,
        onWait: (error) =>
          log.info(`${what}: the server did not answer (${error.message}); asking again`),
      });
    } catch (error) {
      if (error instanceof ServerError && (error.status === 404 || error.status === 409)) {
        throw new JobGone(error.message);
      }
      throw error;
    }
  };
  const params = { job_id: job.id };

  const heartbeat = async () => {
    const answer = await server(() =>
      client.call(reportJobProgress, { params, body: { checkpoint, completed_batches: batches } }),
    );
    if (answer?.cancellation_requested) cancel = true;
  };
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    beating ??= heartbeat()
      .catch(() => {})
      .finally(() => (beating = null));
  }, settings.heartbeatMs);
  let lastProgressLog = started;

  const deliver = async (batch: ReadBatch) => {
    for (let at = 0; at < batch.documents.length; at += DOCUMENT_BATCH_MAX) {
      const upsert = batch.documents.slice(at, at + DOCUMENT_BATCH_MAX);
      const answer = await server(() =>
        client.call(sendJobDocuments, { params, body: { upsert } }),
      );
      if (answer) counts = answer;
      if (answer?.cancellation_requested) cancel = true;
    }
    for (let at = 0; at < batch.failures.length; at += ERROR_BATCH_MAX) {
      const errors = batch.failures.slice(at, at + ERROR_BATCH_MAX);
      const answer = await server(() => client.call(sendJobErrors, { params, body: { errors } }));
      if (answer?.cancellation_requested) cancel = true;
    }
    failures += batch.failures.length;
    batches += 1;
    checkpoint = job.kind === 'index' ? batch.checkpoint : null;
    const answer = await server(() =>
      client.call(reportJobProgress, { params, body: { checkpoint, completed_batches: batches } }),
    );
    if (answer?.cancellation_requested) cancel = true;
    if (Date.now() - lastProgressLog >= settings.progressLogMs) {
      lastProgressLog = Date.now();
      log.info(
        `${what} still running: ${plural(counts.total_docs_indexed, 'document')} so far, ${plural(failures, 'error')}`,
      );
    }
  };

  let status: FinishStatus = 'success';
  let errorMsg: string | null = null;
  let trace: string | null = null;
  let validation = false;
  try {
    const source = connector.source;
    if (!isReadable(source)) throw new SourceFailure(`This worker cannot read ${source}`);
    const read =
      isCatalogueSource(source) && needsCredential(source)
        ? await server(() => client.call(readJobCredential, { params }))
        : null;
    const credential = read?.credential_json ?? {};
    const http = new SourceHttp(
      SOURCE_NAMES[source],
      settings.http,
      undefined,
      (why, waitMs) => log.info(`${what}: ${why}; trying again in ${Math.ceil(waitMs / 1000)} s`),
      // D15: with a credential, only the origins the server approved for it are reached.
      read ? read.approved_origins : null,
    );
    const batchesRead = SOURCE_READERS[source].read({
      config: connector.connector_specific_config,
      credential,
      since: since ? new Date(since) : null,
      until: job.kind === 'index' && job.poll_range_end ? new Date(job.poll_range_end) : null,
      checkpoint,
      hosts: settings.hosts,
      http,
      batchSize: settings.batchSize,
      limits: { webMaxPages: settings.webMaxPages },
    });
    for await (const batch of batchesRead) {
      await deliver(batch);
      if (cancel) {
        status = 'canceled';
        break;
      }
      if (control.stopping()) {
        status = 'interrupted';
        break;
      }
    }
    if (status === 'success' && failures > 0) status = 'completed_with_errors';
  } catch (error) {
    if (error instanceof JobGone) {
      clearInterval(timer);
      log.info(`${what} was ended by the server (${error.message}); stopped`);
      return 'gone';
    }
    status = 'failed';
    if (error instanceof SourceRefusal || error instanceof ConfigProblem) {
      validation = true;
      errorMsg = error.message;
    } else if (error instanceof SourceFailure || error instanceof ServerError) {
      errorMsg = error.message;
    } else {
      errorMsg = `The worker failed unexpectedly (${(error as Error)?.name ?? 'error'}); the trace says where`;
      trace = cut(String((error as Error)?.stack ?? error), EXCEPTION_TRACE_MAX_BYTES);
    }
  } finally {
    clearInterval(timer);
    await beating;
  }

  try {
    await server(() =>
      client.call(finishJob, {
        params,
        body: {
          status,
          error_msg: errorMsg,
          full_exception_trace: trace,
          validation_error: validation,
          checkpoint: status === 'interrupted' ? checkpoint : null,
        },
      }),
    );
  } catch (error) {
    if (error instanceof JobGone) {
      log.info(
        `${what} was ended by the server (${error.message}) before it could report ${status}`,
      );
      return 'gone';
    }
    throw error;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const tally = `${plural(counts.total_docs_indexed, 'document')} (${counts.new_docs_indexed.toLocaleString('en')} new), ${counts.docs_removed_from_index.toLocaleString('en')} removed, ${plural(failures, 'error')}`;
  log.info(
    `${what} finished ${status.replaceAll('_', ' ')} in ${seconds} s: ${tally}${errorMsg ? `. ${errorMsg}` : ''}`,
  );
  return status;
}
