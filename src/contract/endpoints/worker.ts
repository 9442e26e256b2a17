// The worker routes (D14): a worker key's holder checks in, claims a job,
// reads its credential, reports documents, errors and progress, and finishes.
// Only a worker key reaches these (a user's key: 403); docs/workers.md.
import * as z from 'zod/mini';
import {
  claimedJobSchema,
  jobClaimSchema,
  jobCountsSchema,
  jobCredentialSchema,
  jobDocumentsSchema,
  jobErrorsAnswerSchema,
  jobErrorsSchema,
  jobFinishSchema,
  jobProgressAnswerSchema,
  jobProgressSchema,
  indexAttemptSchema,
  workerCheckInAnswerSchema,
  workerCheckInSchema,
} from '../sync';
import { endpoint, integerText } from '../endpoint';

const JOB = '/manage/worker/jobs/{job_id}';
const oneJob = z.object({ job_id: integerText('The job, as claimed.') });

export const workerCheckIn = endpoint({
  method: 'PUT',
  path: '/manage/worker/check-in',
  summary:
    'A worker says it is alive (at least every `check_in_interval_seconds`); the answer says how many jobs wait.',
  access: 'worker',
  body: workerCheckInSchema,
  answer: workerCheckInAnswerSchema,
  errors: [415, 422],
});

export const claimJob = endpoint({
  method: 'POST',
  path: '/manage/worker/jobs/claim',
  summary:
    'Take the oldest waiting job (of the sources and kinds asked): atomic, no two workers get the same job; 204 when none waits.',
  access: 'worker',
  body: jobClaimSchema,
  answer: claimedJobSchema,
  errors: [204, 415, 422],
});

export const readJobCredential = endpoint({
  method: 'GET',
  path: `${JOB}/credential`,
  summary:
    "The pair's credential values, only to the worker that holds the running job (recorded as credential.access); never toward an origin the credential has not approved (the job then fails).",
  access: 'worker',
  params: oneJob,
  answer: jobCredentialSchema,
  action: 'credential.access',
  errors: [404, 409, 422],
});

export const sendJobDocuments = endpoint({
  method: 'POST',
  path: `${JOB}/documents`,
  summary:
    "A batch of documents read (upsert) and gone (delete), at most 1,000 each: the pair's inventory keeps them and the job's counts come from it.",
  access: 'worker',
  params: oneJob,
  body: jobDocumentsSchema,
  answer: jobCountsSchema,
  errors: [404, 409, 415, 422],
});

export const sendJobErrors = endpoint({
  method: 'POST',
  path: `${JOB}/errors`,
  summary: "Errors of the run (Onyx's index-attempt errors), at most 100 a batch.",
  access: 'worker',
  params: oneJob,
  body: jobErrorsSchema,
  answer: jobErrorsAnswerSchema,
  errors: [404, 409, 415, 422],
});

export const reportJobProgress = endpoint({
  method: 'PUT',
  path: `${JOB}/progress`,
  summary:
    'The heartbeat: batches done and the checkpoint; the answer says whether an admin asked to cancel.',
  access: 'worker',
  params: oneJob,
  body: jobProgressSchema,
  answer: jobProgressAnswerSchema,
  errors: [404, 409, 415, 422],
});

export const finishJob = endpoint({
  method: 'PUT',
  path: `${JOB}/finish`,
  summary:
    "End the run once with its status; the next incremental run starts from this one's poll_range_end and checkpoint. 409 when already finished.",
  access: 'worker',
  params: oneJob,
  body: jobFinishSchema,
  answer: indexAttemptSchema,
  errors: [404, 409, 415, 422],
});
