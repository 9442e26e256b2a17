// The admins' side of sync jobs (D14), scoped by D13 like the pair: runs
// requested and canceled, their records, errors and documents, the workers
// and their keys.
import * as z from 'zod/mini';
import { statusResponseSchema } from '../contract';
import {
  failedIndexingStatusListSchema,
  indexAttemptErrorPageSchema,
  indexAttemptPageSchema,
  indexAttemptSchema,
  pairDocumentPageSchema,
  queuedJobsSchema,
  runOnceRequestSchema,
  SYNC_PAGE_SIZE_DEFAULT,
  SYNC_PAGE_SIZE_MAX,
  workerKeyListSchema,
  workerKeyRequestSchema,
  workerKeySchema,
  workerListSchema,
} from '../sync';
import { described, endpoint, integerText, queryText } from '../endpoint';
import { issueType } from '../schemaParts';

const PAIR = '/manage/admin/cc-pair/{cc_pair_id}';
const onePair = z.object({ cc_pair_id: integerText('The connector–credential pair.') });

const PAGE_NUM = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 } as const;
const PAGE_SIZE = {
  minimum: 1,
  maximum: SYNC_PAGE_SIZE_MAX,
  default: SYNC_PAGE_SIZE_DEFAULT,
} as const;
const pageNum = () => z.optional(integerText('The page, from 0.', PAGE_NUM));
const pageSize = (what: string) =>
  z.optional(integerText(`${what} a page, at most ${SYNC_PAGE_SIZE_MAX}.`, PAGE_SIZE));

const booleanText = (words: string) =>
  described(
    z.pipe(
      z.string().check(
        z.refine((value) => value === 'true' || value === 'false', {
          message: 'Input should be a valid boolean, unable to interpret input',
          ...issueType('bool_parsing'),
        }),
      ),
      z.transform((value: string) => value === 'true'),
    ),
    words,
  );

export const runConnectorOnce = endpoint({
  method: 'POST',
  path: '/manage/admin/connector/run-once',
  summary:
    "Queue an index run of the connector's pairs (all, or those of `credential_ids`) for a worker; the answer says how many were queued, their ids in `data`, and names a pair whose run already waits. 409 while the connector is paused.",
  access: 'curatorOrAdmin',
  body: runOnceRequestSchema,
  answer: queuedJobsSchema,
  action: 'index_attempt.run',
  errors: [400, 403, 404, 409, 415, 422],
});

export const prunePair = endpoint({
  method: 'POST',
  path: `${PAIR}/prune`,
  summary:
    'Queue a prune of the pair for a worker (remove what the source no longer has); names a prune that already waits. 409 while the connector is paused.',
  access: 'curatorOrAdmin',
  params: onePair,
  answer: queuedJobsSchema,
  action: 'index_attempt.prune',
  errors: [400, 403, 404, 409, 422],
});

export const cancelIndexAttempt = endpoint({
  method: 'POST',
  path: '/manage/admin/index-attempt/{index_attempt_id}/cancel',
  summary:
    'Ask the worker to stop the run (its next report hears `cancellation_requested`); a run not yet claimed is canceled at once. 409 when it already ended.',
  access: 'curatorOrAdmin',
  params: z.object({ index_attempt_id: integerText('The job (index attempt).') }),
  answer: indexAttemptSchema,
  action: 'index_attempt.cancel',
  errors: [403, 404, 409, 422],
});

export const listIndexAttempts = endpoint({
  method: 'GET',
  path: `${PAIR}/index-attempts`,
  summary: "The pair's runs, newest first, a page at a time (Onyx's IndexAttemptSnapshot).",
  access: 'curatorOrAdmin',
  params: onePair,
  query: z.object({ page_num: pageNum(), page_size: pageSize('Runs') }),
  answer: indexAttemptPageSchema,
  errors: [404, 422],
});

export const listPairErrors = endpoint({
  method: 'GET',
  path: `${PAIR}/errors`,
  summary:
    "The errors the pair's runs reported, newest first (Onyx's index-attempt errors); resolved ones only with `include_resolved=true`; one run's with `index_attempt_id`.",
  access: 'curatorOrAdmin',
  params: onePair,
  query: z.object({
    include_resolved: z.optional(booleanText('`true` also lists errors a later run resolved.')),
    index_attempt_id: z.optional(integerText('Only the errors of this run.')),
    page_num: pageNum(),
    page_size: pageSize('Errors'),
  }),
  answer: indexAttemptErrorPageSchema,
  errors: [404, 422],
});

export const listFailedIndexing = endpoint({
  method: 'GET',
  path: '/manage/admin/connector/failed-indexing-status',
  summary:
    "The pairs the caller sees whose last index run failed, with its error (Onyx's FailedConnectorIndexingStatus).",
  access: 'curatorOrAdmin',
  answer: failedIndexingStatusListSchema,
  errors: [],
});

export const listPairDocuments = endpoint({
  method: 'GET',
  path: `${PAIR}/documents`,
  summary:
    "The pair's document inventory as its workers reported it, by title; `q` finds titles holding each of its words.",
  access: 'curatorOrAdmin',
  params: onePair,
  query: z.object({
    q: z.optional(queryText('Words of the title, letter case ignored.')),
    page_num: pageNum(),
    page_size: pageSize('Documents'),
  }),
  answer: pairDocumentPageSchema,
  errors: [404, 422],
});

export const listWorkers = endpoint({
  method: 'GET',
  path: '/manage/admin/worker',
  summary:
    'Each worker that checked in: its host, version, sources, last check-in, whether it is online and what it runs.',
  access: 'admin',
  answer: workerListSchema,
  errors: [],
});

export const listWorkerKeys = endpoint({
  method: 'GET',
  path: '/manage/admin/worker-key',
  summary: 'The live worker keys, by id; never a key.',
  access: 'admin',
  answer: workerKeyListSchema,
  errors: [],
});

export const createWorkerKey = endpoint({
  method: 'POST',
  path: '/manage/admin/worker-key',
  summary:
    'A new worker key: it reaches only /manage/worker/*, and `key` is shown only in this answer.',
  access: 'admin',
  body: workerKeyRequestSchema,
  answer: workerKeySchema,
  action: 'worker_key.create',
  errors: [415, 422],
});

export const deleteWorkerKey = endpoint({
  method: 'DELETE',
  path: '/manage/admin/worker-key/{worker_key_id}',
  summary: 'Revoke a worker key at once; the runs its workers held become `interrupted`.',
  access: 'admin',
  params: z.object({ worker_key_id: integerText('The worker key.') }),
  answer: statusResponseSchema,
  action: 'worker_key.delete',
  errors: [404, 422],
});
