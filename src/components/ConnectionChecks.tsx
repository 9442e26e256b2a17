// What a connection test found, check by check: passed, failed, or not checked
// (never shown as a pass), with the server's words (a status and a reason).
import type { Ref } from 'react';
import type { ConnectionTestResult } from '../contract/connectionTest';
import { describeError } from '../lib/describeError';

const MARK = { true: '✓ Passed', false: '✗ Failed', null: '– Not checked' } as const;

export const outcomeWords = (ok: boolean | null) =>
  ok === true
    ? 'The connection works: every check passed.'
    : ok === false
      ? 'The connection test failed.'
      : 'Not everything could be checked for this source.';

export function ConnectionChecks(props: {
  result: ConnectionTestResult;
  headingRef?: Ref<HTMLHeadingElement>;
  headingLevel?: 3 | 4;
}) {
  const { result, headingRef, headingLevel = 3 } = props;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`connection-checks notice ${result.ok === false ? 'notice-error' : ''}`}>
      <Heading ref={headingRef} tabIndex={-1}>
        {outcomeWords(result.ok)}
      </Heading>
      <ul>
        {result.checks.map((check, index) => (
          <li key={`${index}:${check.name}`}>
            <strong>{MARK[String(check.ok) as keyof typeof MARK]}</strong> {check.name}:{' '}
            {check.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why there is no result: the request itself failed (a refusal, the limit, no answer). */
export function NotTested(props: {
  error: unknown;
  headingRef?: Ref<HTMLHeadingElement>;
  /** What could not be tested: "connection" unless said. */
  what?: string;
}) {
  const { error, headingRef, what = 'connection' } = props;
  return (
    <div className="notice notice-error">
      <h4 ref={headingRef} tabIndex={-1}>
        The {what} could not be tested
      </h4>
      <p>{describeError(error)}</p>
    </div>
  );
}
