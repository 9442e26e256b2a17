// Connector health: each connector–credential pair's status and
// what needs attention (Onyx's connector-status), and replacing a pair's
// credential in place (Onyx's credential swap), on one connector or on all.
import * as z from 'zod/mini';
import { statusResponseSchema } from '../contract';
import {
  connectorStatusListSchema,
  connectorStatusQuerySchema,
  credentialSwapRequestSchema,
  replaceEverywhereRequestSchema,
  replaceEverywhereResponseSchema,
} from '../health';
import { endpoint, integerText } from '../endpoint';

export const listConnectorStatus = endpoint({
  method: 'GET',
  path: '/manage/admin/connector-status',
  summary:
    'Every connector–credential pair with its connector and (masked) credential, its status (`ACTIVE`, `PAUSED`, `INVALID`) and what needs attention; `needs_attention=true` lists only those that do. Indexing facts (`in_progress`, `last_success`, `last_finished_status`, `in_repeated_error_state`, `docs_indexed`) are what workers reported, each `null` until one did.',
  access: 'curatorOrAdmin',
  query: connectorStatusQuerySchema,
  answer: connectorStatusListSchema,
  errors: [422],
  cachedReads: ['people', 'groups', 'connectors', 'sync'],
});

export const swapCredential = endpoint({
  method: 'PUT',
  path: '/manage/admin/credential/swap',
  summary:
    'Replace a pair’s credential in place after testing the new one (400 with the checks when it fails; `force` skips the test): the same pair id, access, groups, schedule and status.',
  access: 'curatorOrAdmin',
  body: credentialSwapRequestSchema,
  answer: statusResponseSchema,
  action: 'credential.swap',
  errors: [400, 403, 404, 415, 422],
});

export const replaceCredentialEverywhere = endpoint({
  method: 'PUT',
  path: '/manage/admin/credential/{credential_id}/replace-everywhere',
  summary:
    'Replace a credential on every connector that uses it, each pair swapped in place after testing the new credential with it: all or none (400 names each failure).',
  access: 'curatorOrAdmin',
  params: z.object({ credential_id: integerText('The credential being replaced.') }),
  body: replaceEverywhereRequestSchema,
  answer: replaceEverywhereResponseSchema,
  action: 'credential.swap',
  errors: [400, 403, 404, 415, 422],
});
