import { useEffect, useRef } from 'react';
import { describeError, isNoAnswer, isRetryable } from '../lib/describeError';

/**
 * A failed request in words; "Try again" only where asking again could help.
 * With `takeFocus`, the keyboard lands on the words when they come (the
 * result of an action that was refused).
 */
export function ErrorNotice({
  error,
  onRetry,
  takeFocus = false,
}: {
  error: unknown;
  onRetry?: () => void;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus, error]);
  return (
    <div
      role="alert"
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
      className="notice notice-error"
    >
      <p>{describeError(error)}</p>
      {onRetry && isRetryable(error) && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * What a page reads that failed. A server that did not answer is said once, for
 * the whole page, by the shell (app/ServerReach.tsx); any other failure (a
 * refusal, a missing row, a fault) is said here, where it belongs.
 */
export function QueryErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return isNoAnswer(error) ? null : <ErrorNotice error={error} onRetry={onRetry} />;
}
