// The passing tests each caller ran lately, so that attaching the very
// credential to a connector with the very settings it passed with starts the
// pair with that test (the wizard tests before it saves) instead of "not
// tested". This is the server's own memory of what it sent and what came
// back, never a client's word: a test is known by a hash of the caller, the
// source, the settings and the credential's values (no secret is kept), and
// an attach finds it only when the stored connector and credential hash the
// same. Kept in the process's memory for a short while: another instance (on
// PostgreSQL) knows none, and its pair is "not tested" until its first test.
import { createHash } from 'node:crypto';
import type { PairTest } from '../../src/contract/connectionChecks';
import type { TestSubject } from './tester';

/** How long a passing test may start a pair attached after it. */
export const PASSED_TEST_KEPT_MS = 15 * 60_000;
/** The most kept at once: the oldest go first. */
const MOST_KEPT = 1_000;

/** JSON with each object's keys in order, so equal values hash the same whatever order they came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const keyOf = (callerId: string, { source, config, credential }: TestSubject) =>
  createHash('sha256').update(canonical({ callerId, source, config, credential })).digest('hex');

export class PassedTests {
  private readonly kept = new Map<string, PairTest>();

  /** Keeps a test that passed (every check ok); any other is not kept. */
  remember(callerId: string, subject: TestSubject, test: PairTest): void {
    if (test.ok !== true) return;
    const key = keyOf(callerId, subject);
    this.kept.delete(key);
    this.kept.set(key, test);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= MOST_KEPT) break;
      this.kept.delete(oldest);
    }
  }

  /** The caller's passing test of exactly this subject within PASSED_TEST_KEPT_MS; undefined otherwise. */
  recall(callerId: string, subject: TestSubject, now = Date.now()): PairTest | undefined {
    const key = keyOf(callerId, subject);
    const test = this.kept.get(key);
    if (test && now - Date.parse(test.time) <= PASSED_TEST_KEPT_MS) return test;
    this.kept.delete(key);
    return undefined;
  }
}
