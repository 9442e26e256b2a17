// A stopped server must not look like an empty fleet. One
// notice for every page of the shell, read from the queries on screen: when the
// last answer of one of them was "no answer" (or a 502–504), the page says the
// server cannot be reached, or, where it still shows what it had, that this may
// be out of date; with one "Try again" that asks for everything on screen anew.
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';
import { ActionMessage } from '../components/ActionMessage';
import { describeError, isNoAnswer, serverDetail } from '../lib/describeError';

/** What the queries on screen say of the server. */
type Reach =
  | { kind: 'answered' }
  /** Some query on screen has nothing to show: the page cannot say what the server holds. */
  | { kind: 'unreachable'; detail: string }
  /** Every query has something, but at least one failed to refresh it. */
  | { kind: 'stale'; detail: string };

/** Said after "cannot reach the server" when nothing answered (not even a proxy). */
const NO_ANSWER_ADVICE = 'Check that it is running.';
const isNoAnswerAtAll = (error: unknown) => error instanceof ApiError && error.status === 0;

const unanswered = (query: Query) =>
  query.getObserversCount() > 0 && query.state.status === 'error' && isNoAnswer(query.state.error);

function reachOf(queryClient: QueryClient): Reach {
  const failed = queryClient.getQueryCache().findAll({ predicate: unanswered });
  if (failed.length === 0) return { kind: 'answered' };
  // A check beside the page (the version banner's) that never answered leaves
  // the page's own content whole: it does not make the page "cannot show".
  const empty = failed.find(
    (query) => query.state.data === undefined && query.meta?.besideThePage !== true,
  );
  const error = (empty ?? failed[0])!.state.error;
  // The server's own words (a 503's detail) when it sent some. No answer at all
  // is what the notice already says: only what to do is added, not the fact again.
  const detail =
    serverDetail(error) ?? (isNoAnswerAtAll(error) ? NO_ANSWER_ADVICE : describeError(error));
  return { kind: empty ? 'unreachable' : 'stale', detail };
}

/** The reach as a string, so React compares snapshots by value. */
function useReach(): Reach {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(reachOf(queryClient)));
  return JSON.parse(snapshot) as Reach;
}

export function ServerReach() {
  const queryClient = useQueryClient();
  const reach = useReach();
  const [retrying, setRetrying] = useState(false);
  const [answeredAgain, setAnsweredAgain] = useState(false);

  const tryAgain = async () => {
    if (retrying) return;
    setRetrying(true);
    await queryClient.refetchQueries({ type: 'active' });
    setRetrying(false);
    setAnsweredAgain(reachOf(queryClient).kind === 'answered');
  };

  return (
    <div className="server-reach">
      {reach.kind !== 'answered' && (
        <div role="alert" className="notice notice-warn">
          <p>
            <strong>
              {reach.kind === 'stale'
                ? 'Sourcedesk could not reach the server; what you see may be out of date.'
                : 'Sourcedesk cannot reach the server, so this page cannot show what it holds.'}
            </strong>{' '}
            {reach.detail}
          </p>
          <button type="button" onClick={() => void tryAgain()} aria-disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      )}
      {/* The notice and its button go when the server answers: the keyboard
          goes to the words that say so (docs/panel.md, "Focus after an action"). */}
      <ActionMessage
        words={
          answeredAgain && reach.kind === 'answered'
            ? 'The server answers again: the page is up to date.'
            : ''
        }
      />
    </div>
  );
}
