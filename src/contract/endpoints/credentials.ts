// Credentials (D6): listed masked, made, renamed or given new values, deleted.
import * as z from 'zod/mini';
import {
  credentialCreateRequestSchema,
  credentialCreateResponseSchema,
  credentialListSchema,
  credentialPatchRequestSchema,
  credentialSchema,
  statusResponseSchema,
} from '../contract';
import { endpoint, integerText, queryText } from '../endpoint';

const ONE = '/manage/admin/credential/{credential_id}';
const oneCredential = z.object({ credential_id: integerText('The credential id.') });

export const listCredentials = endpoint({
  method: 'GET',
  path: '/manage/admin/credential',
  summary: 'List the credentials, their secret values masked.',
  access: 'curatorOrAdmin',
  answer: credentialListSchema,
  errors: [],
  // Credentials, their owners and groups: no sync table (a worker's run keeps it).
  cachedReads: ['people', 'groups', 'connectors'],
});

export const createCredential = endpoint({
  method: 'POST',
  path: '/manage/credential',
  summary: 'Create a credential; its secret values are encrypted and never shown again.',
  access: 'curatorOrAdmin',
  body: credentialCreateRequestSchema,
  answer: credentialCreateResponseSchema,
  action: 'credential.create',
  errors: [415, 422],
});

export const updateCredential = endpoint({
  method: 'PATCH',
  path: ONE,
  summary:
    'Rename a credential or give it new values: merged into the stored ones (null removes a key), or replacing them all with replace_credential_json.',
  access: 'curatorOrAdmin',
  params: oneCredential,
  body: credentialPatchRequestSchema,
  answer: credentialSchema, // the credential as it is now, masked (D6)
  action: 'credential.update',
  errors: [400, 404, 415, 422],
});

export const deleteCredential = endpoint({
  method: 'DELETE',
  path: ONE,
  summary:
    'Delete a credential (400 while connectors use it, unless force=true detaches it first).',
  access: 'curatorOrAdmin',
  params: oneCredential,
  query: z.object({
    force: z.optional(queryText('`true` detaches it from its connectors first.')),
  }),
  answer: statusResponseSchema,
  action: 'credential.delete',
  errors: [400, 404, 422],
});

/** One origin a credential's secret may be sent to (D15). */
export const approvedOriginSchema = z.object({
  origin: z.string().check(z.describe('The origin, as `scheme://host:port`.')),
  approved_by: z
    .nullable(z.string())
    .check(
      z.describe(
        'The e-mail of who approved it; null when carried over from before D15, or they were removed.',
      ),
    ),
  time_created: z.string().check(z.describe('When it was approved.')),
});

export const approvedOriginsSchema = z.object({
  origins: z.array(approvedOriginSchema).check(z.describe('The approved origins, by origin.')),
  can_remove: z
    .boolean()
    .check(z.describe("Whether the caller may remove them: the credential's maker or an admin.")),
});
export type ApprovedOrigins = z.infer<typeof approvedOriginsSchema>;

const ORIGINS = `${ONE}/origins`;

export const listCredentialOrigins = endpoint({
  method: 'GET',
  path: ORIGINS,
  summary:
    "The origins a credential's secret may be sent to: approved by its maker or an admin when they attach or test it; sources with a fixed address need none.",
  access: 'curatorOrAdmin',
  params: oneCredential,
  answer: approvedOriginsSchema,
  errors: [404, 422],
});

export const removeCredentialOrigin = endpoint({
  method: 'DELETE',
  path: ORIGINS,
  summary:
    "Remove one approved origin of a credential: its secret is no longer sent there, until its maker or an admin approves it again. The credential's maker or an admin.",
  access: 'curatorOrAdmin',
  params: oneCredential,
  body: z.object({
    origin: z
      .string()
      .check(z.describe('The origin to remove, as listed: `https://jira.example.com:443`.')),
  }),
  answer: statusResponseSchema,
  action: 'credential.update',
  errors: [403, 404, 415, 422],
});
