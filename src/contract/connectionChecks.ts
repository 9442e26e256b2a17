// What a connection test answers, check by check, and the last test a
// connector–credential pair keeps (re-tests): shared by the test's
// answer (connectionTest.ts) and the connector's own (answers.ts), so it
// imports nothing of the contract.
import * as z from 'zod/mini';
import { describeAnswer } from './answerWords';

/** true passed, false failed, null not checked (never a pass). */
const outcomeSchema = z.nullable(z.boolean());

export const connectionCheckSchema = z.object({
  name: z.string(),
  ok: outcomeSchema,
  message: z.string(),
});
describeAnswer(connectionCheckSchema, {
  name: 'What was checked, such as “Jira project ENG”.',
  ok: '`true` passed, `false` failed, `null` not checked.',
  message: 'What was found, in words; never a secret.',
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const connectionTestResultSchema = z.object({
  ok: outcomeSchema,
  checks: z.array(connectionCheckSchema),
});
describeAnswer(connectionTestResultSchema, {
  ok: '`true` when every check passed, `false` when one failed, `null` when none failed but some could not be made.',
  checks: 'Each check made, in order.',
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

/** false when any check failed; null when none failed but some were not checked; true only when all passed. */
export function overallOutcome(checks: readonly ConnectionCheck[]): boolean | null {
  if (checks.some((check) => check.ok === false)) return false;
  if (checks.length === 0 || checks.some((check) => check.ok === null)) return null;
  return true;
}

/** "Jira sign-in: Jira refused the token (401)", each failed check of a test, in one line. */
export const failedChecks = (checks: readonly ConnectionCheck[]) =>
  checks
    .filter((check) => check.ok === false)
    .map((check) => `${check.name}: ${check.message}`)
    .join('; ');

/** A pair's last test: when, and what it found (the checks' words; never the remote answer). */
export const pairTestSchema = z.extend(connectionTestResultSchema, { time: z.string() });
describeAnswer(pairTestSchema, {
  time: 'When it was tested: an ISO-8601 date-time in UTC.',
  ok: '`true` when every check passed, `false` when one failed, `null` when none failed but some could not be made.',
  checks: 'Each check made, in order, in words (never the remote answer, never a secret).',
});
export type PairTest = z.infer<typeof pairTestSchema>;
