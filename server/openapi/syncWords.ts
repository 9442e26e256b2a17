// What each field of the sync jobs' answers is (D14; docs/workers.md), for
// /api/openapi.json: answerWords.ts takes these in.
import type { ZodMiniType } from 'zod/mini';
import {
  claimedJobSchema,
  failedIndexingStatusSchema,
  indexAttemptErrorPageSchema,
  indexAttemptErrorSchema,
  indexAttemptPageSchema,
  indexAttemptSchema,
  jobConnectorSchema,
  jobCountsSchema,
  jobCredentialSchema,
  jobErrorsAnswerSchema,
  jobProgressAnswerSchema,
  pairDocumentPageSchema,
  pairDocumentSchema,
  queuedJobsSchema,
  workerCheckInAnswerSchema,
  workerKeySchema,
  workerRunningJobSchema,
  workerSchema,
} from '../../src/contract/sync';

type Words = Record<string, string>;

const CANCEL = '`true` once an admin asked to cancel the run: stop, then finish it as `canceled`.';
const JOB_ID = 'The job (index attempt) id.';
const PAIR_ID = 'The connector–credential pair it runs for.';
const KIND = '`index` (read the source) or `prune` (remove what the source no longer has).';
const POLL_START = 'Read what changed since this moment (ISO-8601); `null` to read everything.';
const POLL_END = 'Read what changed up to this moment: when the job was claimed; `null` before.';
const TOTAL_ITEMS = 'How many there are in all, over every page.';

const countWords: Words = {
  new_docs_indexed: 'Documents this run upserted that the pair’s inventory did not hold before.',
  total_docs_indexed: 'Distinct documents this run upserted (a repeated batch counts once).',
  docs_removed_from_index: 'Documents this run deleted that the pair’s inventory held.',
};

const attemptWords: Words = {
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

export const SYNC_ANSWER_WORDS: [ZodMiniType, Words][] = [
  [
    workerCheckInAnswerSchema,
    {
      server_time: 'The server’s time (ISO-8601 in UTC).',
      check_in_interval_seconds:
        'Check in again within this many seconds: after 3 intervals without one a worker is offline.',
      jobs_waiting: 'How many jobs wait for a worker.',
    },
  ],
  [
    claimedJobSchema,
    {
      id: JOB_ID,
      cc_pair_id: PAIR_ID,
      kind: KIND,
      from_beginning: attemptWords.from_beginning!,
      trigger: attemptWords.trigger!,
      poll_range_start: POLL_START,
      poll_range_end: 'Read what changed up to this moment (the claim’s time).',
      checkpoint: 'Where the last run stopped (the JSON object its worker sent); `null` for none.',
      connector: 'The connector to read, with its settings.',
      credential_id:
        'The credential to read the source with: its values come from GET /manage/worker/jobs/{job_id}/credential.',
    },
  ],
  [
    jobConnectorSchema,
    {
      id: "The connector's id.",
      name: "The connector's name.",
      source: 'The source, such as `jira`.',
      input_type: 'How to read it: `load_state`, `poll`, `event` or `slim_retrieval`.',
      connector_specific_config: "The source's settings, as the connector holds them.",
      refresh_freq: 'Seconds between index runs; `null`: on demand only.',
      prune_freq: 'Seconds between prunes; `null`: never.',
    },
  ],
  [
    jobCredentialSchema,
    { credential_json: "The credential's values, unmasked: keep them in memory only." },
  ],
  [jobCountsSchema, { ...countWords, cancellation_requested: CANCEL }],
  [
    jobErrorsAnswerSchema,
    { error_count: 'The run’s errors so far.', cancellation_requested: CANCEL },
  ],
  [jobProgressAnswerSchema, { cancellation_requested: CANCEL }],
  [indexAttemptSchema, attemptWords],
  [
    indexAttemptPageSchema,
    { items: 'The runs of this page, newest first.', total_items: TOTAL_ITEMS },
  ],
  [
    indexAttemptErrorSchema,
    {
      id: "The error's id.",
      connector_credential_pair_id: PAIR_ID,
      index_attempt_id: 'The run that reported it.',
      document_id: 'The document that failed; `null` when none did.',
      document_link: "The failing document's link; `null` when unknown.",
      entity_id: 'Something else that failed (a space, a project); `null` when none.',
      failed_time_range_start:
        'The start of a time range that could not be read; `null` when none.',
      failed_time_range_end: 'The end of that time range; `null` when none.',
      failure_message: 'What went wrong, in words.',
      error_type: 'A kind of error, as the worker named it; `null` when none.',
      is_resolved: '`true` once a later run of the pair succeeded.',
      time_created: 'When it was reported.',
    },
  ],
  [
    indexAttemptErrorPageSchema,
    { items: 'The errors of this page, newest first.', total_items: TOTAL_ITEMS },
  ],
  [
    failedIndexingStatusSchema,
    {
      cc_pair_id: PAIR_ID,
      name: "The pair's name; `null` when it has none.",
      error_msg: "The last run's error, in words.",
      is_deletable: 'Whether the pair may be removed (always `true` here).',
      connector_id: 'The connector of the pair.',
      credential_id: 'The credential of the pair.',
    },
  ],
  [
    pairDocumentSchema,
    {
      document_id: "The document's id in the source.",
      semantic_identifier: "The document's title.",
      link: 'Where it is read in the source; `null` when unknown.',
      updated_at: 'When the source last changed it; `null` when unknown.',
      time_last_indexed: 'When a run last reported it.',
    },
  ],
  [
    pairDocumentPageSchema,
    { items: 'The documents of this page, by title.', total_items: TOTAL_ITEMS },
  ],
  [
    queuedJobsSchema,
    {
      success: 'Whether every pair asked for now has a run waiting or in progress.',
      message:
        'What happened, in words: how many runs were queued, and which pairs already had one.',
      data: 'The ids of the jobs queued by this request.',
    },
  ],
  [
    workerSchema,
    {
      worker_id: 'The worker process’s own name.',
      worker_key_id: 'The worker key it signs in with.',
      worker_key_name: 'That key’s name.',
      hostname: 'The host it runs on; `null` when it did not say.',
      version: 'Its version; `null` when it did not say.',
      sources: 'The sources it reads; `null`: any.',
      last_check_in: 'When it last checked in.',
      online: 'Whether it checked in within the last 3 check-in intervals.',
      running_jobs: 'The runs it holds.',
    },
  ],
  [
    workerRunningJobSchema,
    {
      id: JOB_ID,
      cc_pair_id: PAIR_ID,
      kind: KIND,
      time_started: 'When it claimed the run.',
    },
  ],
  [
    workerKeySchema,
    {
      id: "The worker key's id.",
      name: 'A name to know it by.',
      time_created: 'When it was made.',
      last_used_at: 'When a worker last used it (to the minute); `null` before.',
      key: 'The key itself: only in the answer that made it.',
    },
  ],
];
