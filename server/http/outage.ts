// D11: while the database cannot be reached, what needs it is answered 503
// with Retry-After and words, not 500 with a stack trace: the fault passes and
// is not the client's. The log says so once when an outage begins and once when
// the database answers again, not once per request (a busy server would write
// thousands of lines a second, and the one that matters would drown).
import type { FastifyBaseLogger } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { isUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from '../db/storageErrors';
import { problem } from './problems';

export class Outage {
  private since: number | null = null;
  private refused = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** The store, as the version set names it (`postgres:15.18`): never a URL or a password. */
    private readonly engine: string,
  ) {}

  /** A request met a database that cannot be reached: the first of an outage is logged. */
  failed(error: unknown) {
    this.refused++;
    if (this.since !== null) return;
    this.since = Date.now();
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    this.log.error(
      { engine: this.engine, code, reason: message },
      `the database cannot be reached: requests that need it get 503 (Retry-After: ${RETRY_AFTER_SECONDS}) until it answers again`,
    );
  }

  /**
   * A background chore's failure (the watch, the schedule, a daily chore):
   * an outage's is the outage's one line, like a request's; any other is
   * logged as `<what> failed`.
   */
  choreFailed(what: string) {
    return (error: unknown) => {
      if (isUnavailable(error)) this.failed(error);
      else this.log.error({ err: error }, `${what} failed`);
    };
  }

  /** A query answered: an outage, if there was one, is over. */
  answered() {
    if (this.since === null) return;
    const seconds = Math.round((Date.now() - this.since) / 100) / 10;
    this.log.info(
      { engine: this.engine, seconds, refused: this.refused },
      'the database answers again: requests are served',
    );
    this.since = null;
    this.refused = 0;
  }

  /** The answer while the database cannot be reached. */
  problem() {
    return problem(503, UNAVAILABLE_DETAIL, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }

  /** Added to the app's query builder: every query that answers ends an outage. */
  readonly watch: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      this.answered();
      return args.result;
    },
  };
}
