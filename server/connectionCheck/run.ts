// One connection test's checks, each in its own time limit within the test's
// own, and every failure of a request said in words: the status and a reason,
// never the remote answer, never a secret (the messages are made here and in
// the per-source files from our own words and the caller's config). Messages
// are phrases without a closing full stop, as the panel shows them in a list.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { MAX_REDIRECTS, probe, ProbeFailure, type ProbeAnswer, type ProbeRequest } from './probe';
import { duration, type ConnectionTestSettings } from './settings';

type Verdict = Omit<ConnectionCheck, 'name'>;
export type Call = (request: ProbeRequest) => Promise<ProbeAnswer>;

/** Who is asked, for the messages: `where` names the host, or says whose it is when a credential names it (D6). */
interface Target {
  service: string;
  where: string;
}

export const skipped = (name: string, why: string): ConnectionCheck => ({
  name,
  ok: null,
  message: `Not checked: ${why}`,
});

export const failed = (name: string, message: string): ConnectionCheck => ({
  name,
  ok: false,
  message,
});

/** An answer other than the one hoped for, in words: the status and what it likely means. */
export function statusWords(service: string, status: number, notFound?: string): string {
  if (status === 401) return `${service} refused the token (401)`;
  if (status === 403) return `${service} accepted the token but refused access (403)`;
  if (status === 404) return notFound ?? `${service} has no such page (404): check the address`;
  if (status === 429) return `${service} asked to slow down (429): try again in a minute`;
  if (status >= 500) return `${service} failed with a server error (${status})`;
  if (status >= 300 && status < 400) return `${service} answered ${status}, a redirect`;
  return `${service} answered ${status}, not 200`;
}

export class CheckRun {
  private readonly deadline: number;

  constructor(
    private readonly settings: ConnectionTestSettings,
    /** Told of a failure that is a bug, not a remote answer (its message is not shown). */
    private readonly onUnexpected: (check: string, error: unknown) => void = () => {},
  ) {
    this.deadline = Date.now() + settings.totalMs;
  }

  private failureWords(failure: ProbeFailure, { service, where }: Target, total: boolean) {
    switch (failure.kind) {
      case 'timeout':
        return total
          ? `${service} (${where}) did not answer within the ${duration(this.settings.totalMs)} a whole test may take`
          : `${service} (${where}) did not answer within ${duration(this.settings.checkMs)}`;
      case 'tls':
        return `Could not make a secure connection to ${where} (${failure.detail})`;
      case 'redirect':
        return `${service} (${where}) redirected to ${failure.detail}; not followed, the credential is sent nowhere else`;
      case 'redirects':
        return `${service} (${where}) redirected more than ${MAX_REDIRECTS} times`;
      case 'too_large':
        return `${service} (${where}) sent an answer over 1 MiB; stopped reading it`;
      case 'refused':
        return `${where} refused the connection: nothing answers at that address and port`;
      case 'unknown_host':
        return `${where} was not found: check the host name`;
      case 'header':
        return 'The credential holds characters an HTTP header cannot carry (a line break?)';
      default:
        return `Could not reach ${where}`;
    }
  }

  /**
   * One check: `work` calls the target (each call ends by the check's limit or
   * the test's, whichever comes first) and judges the answers; a request that
   * gets none fails the check with words. Past the test's time it is not run.
   */
  async check(
    name: string,
    target: Target,
    work: (call: Call) => Promise<Verdict>,
  ): Promise<ConnectionCheck> {
    const left = this.deadline - Date.now();
    if (left <= 0) {
      return skipped(name, `the test used up its ${duration(this.settings.totalMs)}`);
    }
    const total = left < this.settings.checkMs;
    const signal = AbortSignal.timeout(Math.min(left, this.settings.checkMs));
    try {
      return { name, ...(await work((request) => probe(request, signal))) };
    } catch (error) {
      if (error instanceof ProbeFailure) {
        return failed(name, this.failureWords(error, target, total));
      }
      this.onUnexpected(name, error);
      return failed(name, 'The check failed unexpectedly; the server log says where');
    }
  }
}
