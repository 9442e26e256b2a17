// Testing a connection before saving it: writes nothing; and testing
// a saved connector–credential pair now (docs/configuration.md, "Background re-tests and alerts").
import * as z from 'zod/mini';
import {
  CONNECTION_TEST_PATH,
  connectionTestRequestSchema,
  connectionTestResultSchema,
} from '../connectionTest';
import { endpoint, integerText } from '../endpoint';

export const testConnection = endpoint({
  method: 'POST',
  path: CONNECTION_TEST_PATH,
  summary:
    'Test a connection before saving it: checks in words, overall ok (false, null: not all checked, true). Writes nothing; 429 past 20 tests a minute per user.',
  access: 'curatorOrAdmin',
  body: connectionTestRequestSchema,
  answer: connectionTestResultSchema,
  errors: [400, 404, 415, 422],
});

export const testPair = endpoint({
  method: 'POST',
  path: '/manage/admin/cc-pair/{cc_pair_id}/test',
  summary:
    'Test a saved connector–credential pair now, with its stored settings and credential: the same answer as a connection test, kept on the pair as its last test (the connector’s `cc_pairs`). Counts against the same limit of 20 tests a minute per user.',
  access: 'curatorOrAdmin',
  params: z.object({
    cc_pair_id: integerText('The connector–credential pair id (a connector’s `cc_pairs`).'),
  }),
  answer: connectionTestResultSchema,
  errors: [404, 422],
});
