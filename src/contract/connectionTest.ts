// Testing a connection before saving it: the request and the answer
// of POST /manage/admin/connector/test, shared by the server (which validates
// the request, D3) and the panel (which parses the answer). Nothing is stored.
import * as z from 'zod/mini';
import { credentialValuesSchema, documentSourceSchema, FIELD } from './contract';
import { configLimitProblem, CREDENTIAL_FREE_SOURCES, isJsonObject } from './rules';
import { issueType } from './schemaParts';
import { credentialProblems } from './sources/catalogue';

export const CONNECTION_TEST_PATH = '/manage/admin/connector/test';

/**
 * D15's 403 for a credential's secret on its way to an origin it is not
 * approved for: the origins it may go to, and the one asked for. Only its
 * maker or an admin approves a new one.
 */
export const secretDestinationRefusal = (approved: readonly string[], origin: string) =>
  `This credential may only be sent to ${approved.length > 0 ? approved.join(', ') : 'no origin yet'}: ask its owner or an admin to approve ${origin}.`;

/** Any JSON object within D11's limits; per-source rules are the server's configProblems. */
const configSchema = z
  .custom<Record<string, unknown>>(isJsonObject, {
    message: 'Input should be a valid dictionary',
    ...issueType('dict_type'),
  })
  .check(
    z.superRefine((config, ctx) => {
      const problem = configLimitProblem(config);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, ...issueType('value_error') });
    }),
  );

/**
 * The connection to try: a source, its config as the connector would hold it,
 * and a credential — a stored one (credential_id) or values typed in
 * (credential_json), never both; sources that need none (D7) may send neither.
 */
export const connectionTestRequestSchema = z
  .object({
    source: documentSourceSchema.check(z.describe(FIELD.source)),
    connector_specific_config: configSchema.check(
      z.describe(`${FIELD.config} As the connector would hold them.`),
    ),
    credential_id: z
      .optional(z.int().check(z.gte(0)))
      .check(z.describe('A stored credential to try. Send this or `credential_json`, not both.')),
    credential_json: z
      .optional(credentialValuesSchema)
      .check(
        z.describe(
          'Values typed in, as a credential of the source holds them; used for this test only, never stored.',
        ),
      ),
  })
  .check(
    z.superRefine((body, ctx) => {
      const stored = body.credential_id !== undefined;
      const typed = body.credential_json !== undefined;
      if (stored && typed) {
        ctx.addIssue({
          code: 'custom',
          message: 'Send credential_id or credential_json, not both',
          path: ['credential_json'],
          ...issueType('value_error'),
        });
      } else if (!stored && !typed && !CREDENTIAL_FREE_SOURCES.includes(body.source)) {
        // Reported at credential_json: absent, so D3 words it "Field required".
        ctx.addIssue({
          code: 'custom',
          message: 'Field required',
          path: ['credential_json'],
          ...issueType('missing'),
        });
      }
      const values = !stored && body.credential_json;
      for (const issue of values ? credentialProblems(body.source, values) : []) {
        ctx.addIssue({ ...issue, path: ['credential_json', ...issue.path] } as z.core.$ZodRawIssue);
      }
    }),
  );
export type ConnectionTestRequest = z.input<typeof connectionTestRequestSchema>;
export type ConnectionTest = z.output<typeof connectionTestRequestSchema>;

export {
  connectionCheckSchema,
  connectionTestResultSchema,
  overallOutcome,
  type ConnectionCheck,
  type ConnectionTestResult,
} from './connectionChecks';
