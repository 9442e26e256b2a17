// API keys (docs/security.md, "API keys"): listed, made, renamed, regenerated, revoked.
import * as z from 'zod/mini';
import { statusResponseSchema } from '../contract';
import { apiKeyListSchema, apiKeyPatchSchema, apiKeyRequestSchema, apiKeySchema } from '../apiKeys';
import { endpoint, integerText } from '../endpoint';

const KEYS = '/admin/api-key';
const ONE = `${KEYS}/{api_key_id}`;
const oneKey = z.object({ api_key_id: integerText('The API key id.') });

export const listApiKeys = endpoint({
  method: 'GET',
  path: KEYS,
  summary:
    'Live API keys by id (Onyx shape, plus expires_at, last_used_at and owner); never a secret.',
  access: 'admin',
  answer: apiKeyListSchema,
  errors: [],
});

export const createApiKey = endpoint({
  method: 'POST',
  path: KEYS,
  summary:
    'A new key acting as a user of its own with the role; the secret (api_key) is shown only in this answer.',
  access: 'admin',
  body: apiKeyRequestSchema,
  answer: apiKeySchema,
  action: 'api_key.create',
  errors: [415, 422],
});

export const updateApiKey = endpoint({
  method: 'PATCH',
  path: ONE,
  summary:
    "Rename a key or change its role; 400 for the last lasting admin key, or a person's key's role.",
  access: 'admin',
  params: oneKey,
  body: apiKeyPatchSchema,
  answer: apiKeySchema,
  action: 'api_key.update',
  errors: [400, 404, 415, 422],
});

export const regenerateApiKey = endpoint({
  method: 'POST',
  path: `${ONE}/regenerate`,
  summary: 'A new secret for the key (shown only in this answer); the old one is refused at once.',
  access: 'admin',
  params: oneKey,
  answer: apiKeySchema,
  action: 'api_key.regenerate',
  errors: [404, 422],
});

export const deleteApiKey = endpoint({
  method: 'DELETE',
  path: ONE,
  summary: 'Revoke the key at once; 400 for the last admin key that does not expire.',
  access: 'admin',
  params: oneKey,
  answer: statusResponseSchema,
  action: 'api_key.delete',
  errors: [400, 404, 422],
});
