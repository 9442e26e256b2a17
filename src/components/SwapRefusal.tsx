// A refused credential swap, said where the keyboard lands. When the new
// credential failed its connection test, the panel offers its own choice, to
// replace without the test after a question, in place of the API's advice
// (send "force": true), which a panel user cannot follow.
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { SWAP_FORCE_ADVICE, SWAP_TEST_FAILED } from '../contract/health';
import { ErrorNotice } from './ErrorNotice';

/** Whether a swap was refused only because the new credential failed its test. */
export const failedItsTest = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.message.startsWith(SWAP_TEST_FAILED);

export function SwapRefusal({
  error,
  consequence,
  pending,
  onForce,
}: {
  error: unknown;
  /** What replacing untested risks, in words ("“Eng Jira” will use …"). */
  consequence: string;
  pending: boolean;
  onForce: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  // The refusal without the API's advice; one object per refusal, so the
  // keyboard goes to it once, not on every render.
  const shown = useMemo(
    () =>
      failedItsTest(error)
        ? new ApiError(error.status, error.message.replace(SWAP_FORCE_ADVICE, '').trim())
        : error,
    [error],
  );
  if (!failedItsTest(error)) return <ErrorNotice error={error} takeFocus />;
  return (
    <div>
      <ErrorNotice error={shown} takeFocus={!asking} />
      {asking ? (
        <div role="group" aria-label="Replace without the test?">
          <p ref={question} tabIndex={-1}>
            Replace without the test? {consequence}
          </p>
          <div className="detail-actions">
            <button type="button" disabled={pending} onClick={onForce}>
              {pending ? 'Replacing…' : 'Replace without the test'}
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              Keep the current credential
            </button>
          </div>
        </div>
      ) : (
        <p>
          Check the new credential’s values, choose another, or{' '}
          <button type="button" className="secondary" onClick={() => setAsking(true)}>
            Replace without the test…
          </button>
        </p>
      )}
    </div>
  );
}
