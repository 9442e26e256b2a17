// The service itself: its versions, whether it is ready, and its description.
import * as z from 'zod/mini';
import { backendVersionSchema, versionSetSchema } from '../contract';
import { endpoint } from '../endpoint';

export const getVersions = endpoint({
  method: 'GET',
  path: '/versions',
  summary: 'The latest stable, dev and migration version tags.',
  access: 'public',
  answer: versionSetSchema,
  errors: [],
});

export const getVersion = endpoint({
  method: 'GET',
  path: '/version',
  summary: "The running server's version tag.",
  access: 'public',
  answer: backendVersionSchema,
  errors: [],
});

export const getHealth = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Readiness: 200 while the database answers, 503 with Retry-After while it cannot.',
  access: 'public',
  answer: z.object({
    status: z.literal('ok').check(z.describe('`ok`: the database answers.')),
  }),
  errors: [503],
});

export const getOpenApiDocument = endpoint({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This description (OpenAPI 3.1).',
  access: 'public',
  answer: z.record(z.string(), z.unknown()),
  errors: [],
});
