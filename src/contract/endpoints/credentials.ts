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
