// One POST of an alert to its webhook, through the connection test's probe: a
// redirect to another origin is a failure, never followed, and the answer is
// not read. The outcome is told in words without the address (its path is a secret).
import type { AlertPayload } from '../../src/contract/alerts';
import { probe, ProbeFailure } from '../connectionCheck/probe';
import { duration } from '../connectionCheck/settings';

export interface PostOutcome {
  ok: boolean;
  /** "HTTP 200", "HTTP 500", "no answer within 10 seconds". */
  words: string;
}

const FAILURE_WORDS: Record<string, string> = {
  refused: 'the connection was refused',
  unknown_host: 'the host is unknown',
  unreachable: 'the host cannot be reached',
  tls: 'no secure connection could be made',
  redirect: 'it redirected to another address (not followed)',
  redirects: 'it redirected too many times',
};

export async function postAlert(
  url: string,
  payload: AlertPayload,
  timeoutMs: number,
): Promise<PostOutcome> {
  try {
    const answer = await probe(
      {
        url: new URL(url),
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Sourcedesk alerts' },
        body: JSON.stringify(payload),
      },
      AbortSignal.timeout(timeoutMs),
    );
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, words: `HTTP ${answer.status}` };
  } catch (error) {
    const kind = error instanceof ProbeFailure ? error.kind : 'unknown';
    if (kind === 'timeout') return { ok: false, words: `no answer within ${duration(timeoutMs)}` };
    return { ok: false, words: FAILURE_WORDS[kind] ?? 'the request failed' };
  }
}
