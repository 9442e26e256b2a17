import { describeError, isNoAnswer, isRetryable } from '../lib/describeError';

/** A failed request in words; "Try again" only where asking again could help. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="notice notice-error">
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
