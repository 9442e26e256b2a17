// Sync jobs and workers (D14): the jobs that run each pair's schedule (Onyx's
// index attempts), the protocol of the workers that carry them out (like
// Elastic's connector service: check in, claim, report, finish) and the admins'
// reads of their runs. docs/workers.md explains the protocol.
import * as z from 'zod/mini';
import { documentSourceSchema, inputTypeSchema } from './answers';
import { issueType, storableText } from './schemaParts';
import { describeAnswer } from './answerWords';

// The words of the answers' fields (describeAnswer): what the OpenAPI document says of them.
const CANCEL = '`true` once an admin asked to cancel the run: stop, then finish it as `canceled`.';
const JOB_ID = 'The job (index attempt) id.';
const PAIR_ID = 'The connector–credential pair it runs for.';
const KIND = '`index` (read the source) or `prune` (remove what the source no longer has).';
const POLL_START = 'Read what changed since this moment (ISO-8601); `null` to read everything.';
const POLL_END = 'Read what changed up to this moment: when the job was claimed; `null` before.';
const TOTAL_ITEMS = 'How many there are in all, over every page.';

const countWords = {
  new_docs_indexed: 'Documents this run upserted that the pair’s inventory did not hold before.',
  total_docs_indexed: 'Distinct documents this run upserted (a repeated batch counts once).',
  docs_removed_from_index: 'Documents this run deleted that the pair’s inventory held.',
};

const attemptWords = {
  id: JOB_ID,
  cc_pair_id: PAIR_ID,
  kind: KIND,
  trigger: '`scheduled` (the pair’s refresh or prune schedule) or `on_demand` (an admin asked).',
  status:
    '`not_started`, `in_progress`, `success`, `completed_with_errors`, `failed`, `canceled` or `interrupted` (the worker stopped; resumable).',
  from_beginning: '`true` for a complete re-read, `false` for an incremental run.',
  ...countWords,
  error_msg: 'Why it failed, in words; `null` when it did not.',
  error_count: 'How many errors its worker reported.',
  full_exception_trace: 'The failure’s trace as the worker sent it; `null` when none.',
  time_created: 'When it was queued.',
  time_started: 'When a worker claimed it; `null` while it waits.',
  time_updated: 'When it last changed (a report, a cancel).',
  poll_range_start: POLL_START,
  poll_range_end: POLL_END,
  worker_id: 'The worker process that claimed it; `null` while it waits.',
  cancellation_requested: 'Whether an admin asked to cancel it.',
  completed_batches: 'Batches done, as the worker reported.',
  total_batches: 'Batches in all, when the worker knows; `null` otherwise.',
};

/** What a job does: read the source (index) or remove what it no longer has (prune). */
export const JOB_KINDS = ['index', 'prune'] as const;
export const jobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKindSchema>;

/** Who made a job: the schedule, or an admin (run-once, prune). */
export const JOB_TRIGGERS = ['scheduled', 'on_demand'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];

/** Onyx's IndexingStatus; `interrupted`: the worker stopped, resumable, not a failure. */
export const JOB_STATUSES = [
  'not_started',
  'in_progress',
  'success',
  'completed_with_errors',
  'failed',
  'canceled',
  'interrupted',
] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** How a worker may end a job (finish). */
export const FINISH_STATUSES = [
  'success',
  'completed_with_errors',
  'failed',
  'canceled',
  'interrupted',
] as const;
export type FinishStatus = (typeof FINISH_STATUSES)[number];

/** A job that waits or runs: the schedule never makes a second of a kind for a pair. */
export const OPEN_JOB_STATUSES = ['not_started', 'in_progress'] as const satisfies JobStatus[];

/** Batch limits of the worker routes. */
export const DOCUMENT_BATCH_MAX = 1000;
export const ERROR_BATCH_MAX = 100;
/** A finish's `full_exception_trace`, in bytes of UTF-8. */
export const EXCEPTION_TRACE_MAX_BYTES = 16 * 1024;
export const WORKER_ID_MAX_LENGTH = 200;
export const WORKER_TEXT_MAX_LENGTH = 255;
export const DOCUMENT_ID_MAX_LENGTH = 1000;
export const DOCUMENT_TEXT_MAX_LENGTH = 2000;
export const ERROR_MESSAGE_MAX_LENGTH = 4000;
export const WORKER_KEY_NAME_MAX_LENGTH = 200;
/** The runs, errors and documents pages: 10 a page unless asked, at most 100. */
export const SYNC_PAGE_SIZE_MAX = 100;
export const SYNC_PAGE_SIZE_DEFAULT = 10;

/** A run or prune asked of a paused connector: 409 with these words (the panel says the same beside its disabled buttons). */
export const pausedRefusal = (name: string | null) =>
  `${name ? `Connector “${name}”` : 'This connector'} is paused: it runs nothing, on demand either. Resume it to run or prune it.`;

const text = (max: number, words: string) =>
  storableText.check(z.minLength(1), z.maxLength(max), z.describe(words));
const optionalText = (max: number, words: string) =>
  z.optional(z.nullable(storableText.check(z.maxLength(max)))).check(z.describe(words));
const dateTime = z.iso.datetime({ offset: true });
const optionalDateTime = (words: string) =>
  z.optional(z.nullable(dateTime)).check(z.describe(words));
const sourceList = (words: string) =>
  z
    .optional(z.nullable(z.array(documentSourceSchema).check(z.maxLength(100))))
    .check(z.describe(words));
/** A worker's own resume point: any JSON object, given back with the next incremental job. */
const checkpointSchema = z.nullable(z.record(z.string(), z.unknown()));

const WORKER_ID = `The worker process's own name (a host and process, say), 1–${WORKER_ID_MAX_LENGTH} characters; one worker key may run several.`;

// ---- The worker routes' bodies and answers ----

export const workerCheckInSchema = z.object({
  worker_id: text(WORKER_ID_MAX_LENGTH, WORKER_ID),
  hostname: optionalText(WORKER_TEXT_MAX_LENGTH, 'The host the worker runs on.'),
  version: optionalText(WORKER_TEXT_MAX_LENGTH, "The worker's version."),
  sources: sourceList('The sources this worker can read; absent: every source.'),
});
export type WorkerCheckIn = z.input<typeof workerCheckInSchema>;

export const workerCheckInAnswerSchema = z.object({
  server_time: z.string(),
  check_in_interval_seconds: z.int(),
  jobs_waiting: z.int(),
});
describeAnswer(workerCheckInAnswerSchema, {
  server_time: 'The server’s time (ISO-8601 in UTC).',
  check_in_interval_seconds:
    'Check in again within this many seconds: after 3 intervals without one a worker is offline.',
  jobs_waiting: 'How many jobs wait for a worker.',
});
export type WorkerCheckInAnswer = z.infer<typeof workerCheckInAnswerSchema>;

export const jobClaimSchema = z.object({
  worker_id: text(WORKER_ID_MAX_LENGTH, WORKER_ID),
  sources: sourceList('Claim only jobs of these sources; absent: any.'),
  kinds: z
    .optional(z.nullable(z.array(jobKindSchema).check(z.maxLength(2))))
    .check(z.describe('Claim only jobs of these kinds (`index`, `prune`); absent: any.')),
});
export type JobClaim = z.input<typeof jobClaimSchema>;

/** The connector as a worker needs it to read the source. */
export const jobConnectorSchema = z.object({
  id: z.int(),
  name: z.string(),
  source: documentSourceSchema,
  input_type: inputTypeSchema,
  connector_specific_config: z.record(z.string(), z.unknown()),
  refresh_freq: z.nullable(z.int()),
  prune_freq: z.nullable(z.int()),
});
describeAnswer(jobConnectorSchema, {
  id: "The connector's id.",
  name: "The connector's name.",
  source: 'The source, such as `jira`.',
  input_type: 'How to read it: `load_state`, `poll`, `event` or `slim_retrieval`.',
  connector_specific_config: "The source's settings, as the connector holds them.",
  refresh_freq: 'Seconds between index runs; `null`: on demand only.',
  prune_freq: 'Seconds between prunes; `null`: never.',
});

/** A claimed job: what to read, from when, and where to resume. */
export const claimedJobSchema = z.object({
  id: z.int(),
  cc_pair_id: z.int(),
  kind: jobKindSchema,
  from_beginning: z.boolean(),
  trigger: z.enum(JOB_TRIGGERS),
  poll_range_start: z.nullable(z.string()),
  poll_range_end: z.nullable(z.string()),
  checkpoint: checkpointSchema,
  connector: jobConnectorSchema,
  credential_id: z.int(),
});
describeAnswer(claimedJobSchema, {
  id: JOB_ID,
  cc_pair_id: PAIR_ID,
  kind: KIND,
  from_beginning: attemptWords.from_beginning,
  trigger: attemptWords.trigger,
  poll_range_start: POLL_START,
  poll_range_end: 'Read what changed up to this moment (the claim’s time).',
  checkpoint: 'Where the last run stopped (the JSON object its worker sent); `null` for none.',
  connector: 'The connector to read, with its settings.',
  credential_id:
    'The credential to read the source with: its values come from GET /manage/worker/jobs/{job_id}/credential.',
});
export type ClaimedJob = z.infer<typeof claimedJobSchema>;

export const jobCredentialSchema = z.object({
  credential_json: z.record(z.string(), z.unknown()),
  /**
   * D15: the origins (`scheme://host:port`) the server approved this
   * credential for, for this pair's connector; the worker sends it nowhere else.
   */
  approved_origins: z.array(z.string()),
});
describeAnswer(jobCredentialSchema, {
  credential_json: "The credential's values, unmasked: keep them in memory only.",
  approved_origins:
    'The origins (`scheme://host:port`) the server approved this credential for, for this job’s connector: the worker sends the credential nowhere else.',
});

export const jobDocumentSchema = z.object({
  document_id: text(DOCUMENT_ID_MAX_LENGTH, "The document's id in the source (unique per pair)."),
  semantic_identifier: text(DOCUMENT_TEXT_MAX_LENGTH, "The document's title as people know it."),
  link: optionalText(DOCUMENT_TEXT_MAX_LENGTH, 'Where the document is read in the source.'),
  updated_at: optionalDateTime('When the source last changed it (ISO-8601 with offset).'),
});
export type JobDocument = z.input<typeof jobDocumentSchema>;

export const jobDocumentsSchema = z.object({
  upsert: z
    .optional(z.array(jobDocumentSchema).check(z.maxLength(DOCUMENT_BATCH_MAX)))
    .check(z.describe(`Documents read, at most ${DOCUMENT_BATCH_MAX}.`)),
  delete: z
    .optional(
      z
        .array(text(DOCUMENT_ID_MAX_LENGTH, 'A document id.'))
        .check(z.maxLength(DOCUMENT_BATCH_MAX)),
    )
    .check(z.describe(`Ids of documents the source no longer has, at most ${DOCUMENT_BATCH_MAX}.`)),
});
export type JobDocuments = z.input<typeof jobDocumentsSchema>;

/** The job's counters after the batch (from the pair's inventory, D14). */
export const jobCountsSchema = z.object({
  new_docs_indexed: z.int(),
  total_docs_indexed: z.int(),
  docs_removed_from_index: z.int(),
  cancellation_requested: z.boolean(),
});
describeAnswer(jobCountsSchema, { ...countWords, cancellation_requested: CANCEL });
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobErrorSchema = z.object({
  document_id: optionalText(DOCUMENT_ID_MAX_LENGTH, 'The document that failed, if one did.'),
  document_link: optionalText(DOCUMENT_TEXT_MAX_LENGTH, "The failing document's link."),
  entity_id: optionalText(
    DOCUMENT_ID_MAX_LENGTH,
    'Another thing that failed (a space, a project).',
  ),
  failure_message: text(ERROR_MESSAGE_MAX_LENGTH, 'What went wrong, in words.'),
  failed_time_range_start: optionalDateTime('The start of a time range that could not be read.'),
  failed_time_range_end: optionalDateTime('The end of that time range.'),
  error_type: optionalText(WORKER_TEXT_MAX_LENGTH, 'A kind of error, as the worker names it.'),
});
export type JobError = z.input<typeof jobErrorSchema>;

export const jobErrorsSchema = z.object({
  errors: z
    .array(jobErrorSchema)
    .check(
      z.minLength(1),
      z.maxLength(ERROR_BATCH_MAX),
      z.describe(`1–${ERROR_BATCH_MAX} errors.`),
    ),
});

export const jobErrorsAnswerSchema = z.object({
  error_count: z.int(),
  cancellation_requested: z.boolean(),
});
describeAnswer(jobErrorsAnswerSchema, {
  error_count: 'The run’s errors so far.',
  cancellation_requested: CANCEL,
});

export const jobProgressSchema = z.object({
  checkpoint: z
    .optional(checkpointSchema)
    .check(z.describe('Where the worker would resume (a JSON object); kept for the next run.')),
  completed_batches: z.optional(z.int().check(z.gte(0), z.describe('Batches done so far.'))),
  total_batches: z.optional(
    z.nullable(z.int().check(z.gte(0))).check(z.describe('Batches in all, when known.')),
  ),
});

export const jobProgressAnswerSchema = z.object({ cancellation_requested: z.boolean() });
describeAnswer(jobProgressAnswerSchema, { cancellation_requested: CANCEL });

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

export const jobFinishSchema = z.object({
  status: z.enum(FINISH_STATUSES).check(z.describe('How the run ended.')),
  error_msg: optionalText(ERROR_MESSAGE_MAX_LENGTH, 'Why it failed, in words.'),
  full_exception_trace: z
    .optional(
      z.nullable(
        storableText.check(
          z.refine((value) => utf8Bytes(value) <= EXCEPTION_TRACE_MAX_BYTES, {
            message: `String should have at most ${EXCEPTION_TRACE_MAX_BYTES} bytes`,
            ...issueType('string_too_long'),
          }),
        ),
      ),
    )
    .check(z.describe(`The failure's trace, at most ${EXCEPTION_TRACE_MAX_BYTES} bytes.`)),
  validation_error: z.optional(
    z
      .boolean()
      .check(
        z.describe(
          'The source refused the settings or the credential: counts toward INVALID (five in a row).',
        ),
      ),
  ),
  checkpoint: z.optional(checkpointSchema).check(z.describe('Where the next run resumes.')),
});
export type JobFinish = z.input<typeof jobFinishSchema>;

// ---- The admins' routes ----

/** Onyx's IndexAttemptSnapshot, with the job's kind, trigger, worker and batches. */
export const indexAttemptSchema = z.object({
  id: z.int(),
  cc_pair_id: z.int(),
  kind: jobKindSchema,
  trigger: z.enum(JOB_TRIGGERS),
  status: jobStatusSchema,
  from_beginning: z.boolean(),
  new_docs_indexed: z.int(),
  total_docs_indexed: z.int(),
  docs_removed_from_index: z.int(),
  error_msg: z.nullable(z.string()),
  error_count: z.int(),
  full_exception_trace: z.nullable(z.string()),
  time_created: z.string(),
  time_started: z.nullable(z.string()),
  time_updated: z.string(),
  poll_range_start: z.nullable(z.string()),
  poll_range_end: z.nullable(z.string()),
  worker_id: z.nullable(z.string()),
  cancellation_requested: z.boolean(),
  completed_batches: z.int(),
  total_batches: z.nullable(z.int()),
});
describeAnswer(indexAttemptSchema, attemptWords);
export type IndexAttempt = z.infer<typeof indexAttemptSchema>;

export const indexAttemptPageSchema = z.object({
  items: z.array(indexAttemptSchema),
  total_items: z.int(),
});
describeAnswer(indexAttemptPageSchema, {
  items: 'The runs of this page, newest first.',
  total_items: TOTAL_ITEMS,
});
export type IndexAttemptPage = z.infer<typeof indexAttemptPageSchema>;

/** Onyx's IndexAttemptErrorPydantic, with the worker's error_type. */
export const indexAttemptErrorSchema = z.object({
  id: z.int(),
  connector_credential_pair_id: z.int(),
  index_attempt_id: z.int(),
  document_id: z.nullable(z.string()),
  document_link: z.nullable(z.string()),
  entity_id: z.nullable(z.string()),
  failed_time_range_start: z.nullable(z.string()),
  failed_time_range_end: z.nullable(z.string()),
  failure_message: z.string(),
  error_type: z.nullable(z.string()),
  is_resolved: z.boolean(),
  time_created: z.string(),
});
describeAnswer(indexAttemptErrorSchema, {
  id: "The error's id.",
  connector_credential_pair_id: PAIR_ID,
  index_attempt_id: 'The run that reported it.',
  document_id: 'The document that failed; `null` when none did.',
  document_link: "The failing document's link; `null` when unknown.",
  entity_id: 'Something else that failed (a space, a project); `null` when none.',
  failed_time_range_start: 'The start of a time range that could not be read; `null` when none.',
  failed_time_range_end: 'The end of that time range; `null` when none.',
  failure_message: 'What went wrong, in words.',
  error_type: 'A kind of error, as the worker named it; `null` when none.',
  is_resolved: '`true` once a later run of the pair succeeded.',
  time_created: 'When it was reported.',
});
export type IndexAttemptError = z.infer<typeof indexAttemptErrorSchema>;

export const indexAttemptErrorPageSchema = z.object({
  items: z.array(indexAttemptErrorSchema),
  total_items: z.int(),
});
describeAnswer(indexAttemptErrorPageSchema, {
  items: 'The errors of this page, newest first.',
  total_items: TOTAL_ITEMS,
});

/** Onyx's FailedConnectorIndexingStatus: a pair whose last index run failed. */
export const failedIndexingStatusSchema = z.object({
  cc_pair_id: z.int(),
  name: z.nullable(z.string()),
  error_msg: z.nullable(z.string()),
  is_deletable: z.boolean(),
  connector_id: z.int(),
  credential_id: z.int(),
});
describeAnswer(failedIndexingStatusSchema, {
  cc_pair_id: PAIR_ID,
  name: "The pair's name; `null` when it has none.",
  error_msg: "The last run's error, in words.",
  is_deletable: 'Whether the pair may be removed (always `true` here).',
  connector_id: 'The connector of the pair.',
  credential_id: 'The credential of the pair.',
});
export const failedIndexingStatusListSchema = z.array(failedIndexingStatusSchema);

/** One document of a pair's inventory. */
export const pairDocumentSchema = z.object({
  document_id: z.string(),
  semantic_identifier: z.string(),
  link: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  time_last_indexed: z.string(),
});
describeAnswer(pairDocumentSchema, {
  document_id: "The document's id in the source.",
  semantic_identifier: "The document's title.",
  link: 'Where it is read in the source; `null` when unknown.',
  updated_at: 'When the source last changed it; `null` when unknown.',
  time_last_indexed: 'When a run last reported it.',
});
export type PairDocument = z.infer<typeof pairDocumentSchema>;

export const pairDocumentPageSchema = z.object({
  items: z.array(pairDocumentSchema),
  total_items: z.int(),
});
describeAnswer(pairDocumentPageSchema, {
  items: 'The documents of this page, by title.',
  total_items: TOTAL_ITEMS,
});

/** Onyx's run-once answer: the queued job ids, and words saying how many and that they wait. */
export const runOnceRequestSchema = z.object({
  connector_id: z.int().check(z.describe('The connector whose pairs run.')),
  credential_ids: z
    .optional(z.nullable(z.array(z.int()).check(z.maxLength(1000))))
    .check(z.describe('Only the pairs with these credentials; absent: every pair.')),
  from_beginning: z.optional(
    z.boolean().check(z.describe('`true` re-reads everything (a complete re-index).')),
  ),
});
export type RunOnceRequest = z.input<typeof runOnceRequestSchema>;

export const queuedJobsSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.array(z.int()),
});
describeAnswer(queuedJobsSchema, {
  success: 'Whether every pair asked for now has a run waiting or in progress.',
  message: 'What happened, in words: how many runs were queued, and which pairs already had one.',
  data: 'The ids of the jobs queued by this request.',
});
export type QueuedJobs = z.infer<typeof queuedJobsSchema>;

/** A run a worker holds. */
export const workerRunningJobSchema = z.object({
  id: z.int(),
  cc_pair_id: z.int(),
  kind: jobKindSchema,
  time_started: z.nullable(z.string()),
});
describeAnswer(workerRunningJobSchema, {
  id: JOB_ID,
  cc_pair_id: PAIR_ID,
  kind: KIND,
  time_started: 'When it claimed the run.',
});

/** A worker as its check-ins show it. */
export const workerSchema = z.object({
  worker_id: z.string(),
  worker_key_id: z.int(),
  worker_key_name: z.string(),
  hostname: z.nullable(z.string()),
  version: z.nullable(z.string()),
  sources: z.nullable(z.array(z.string())),
  last_check_in: z.string(),
  online: z.boolean(),
  running_jobs: z.array(workerRunningJobSchema),
});
describeAnswer(workerSchema, {
  worker_id: 'The worker process’s own name.',
  worker_key_id: 'The worker key it signs in with.',
  worker_key_name: 'That key’s name.',
  hostname: 'The host it runs on; `null` when it did not say.',
  version: 'Its version; `null` when it did not say.',
  sources: 'The sources it reads; `null`: any.',
  last_check_in: 'When it last checked in.',
  online: 'Whether it checked in within the last 3 check-in intervals.',
  running_jobs: 'The runs it holds.',
});
export type Worker = z.infer<typeof workerSchema>;
export const workerListSchema = z.array(workerSchema);

export const workerKeyRequestSchema = z.object({
  name: text(WORKER_KEY_NAME_MAX_LENGTH, 'A name to know the key by (where its workers run).'),
});

/** A worker key; `key` only in the answer that made it (shown once). */
export const workerKeySchema = z.object({
  id: z.int(),
  name: z.string(),
  time_created: z.string(),
  last_used_at: z.nullable(z.string()),
  key: z.optional(z.string()),
});
describeAnswer(workerKeySchema, {
  id: "The worker key's id.",
  name: 'A name to know it by.',
  time_created: 'When it was made.',
  last_used_at: 'When a worker last used it (to the minute); `null` before.',
  key: 'The key itself: only in the answer that made it.',
});
export type WorkerKey = z.infer<typeof workerKeySchema>;
export const workerKeyListSchema = z.array(workerKeySchema);
