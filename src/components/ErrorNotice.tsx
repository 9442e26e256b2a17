import { describeError, isRetryable } from '../lib/describeError';

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
