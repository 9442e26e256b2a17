// The worker's requests to a source, with the rules every reader shares:
// 401 and 403 are the source refusing the credential (a validation error, D14),
// 429, 5xx and no answer are tried again after a back-off that honours
// Retry-After (GitHub's 403 with no rate left counts as a 429), then the run
// fails with the last error; a redirect is followed only within the origin it
// was sent to (the credential goes nowhere else, D15), no answer is read past
// its size limit, and every failure is said in our words with the source's own
// reason, never a header the worker sent.
import { statusWords } from '../../server/connectionCheck/run';
import { originKey } from '../../server/connectionCheck/trust';

export interface HttpSettings {
  /** Tries of one request that gets a 429, a 5xx or no answer. */
  attempts: number;
  /** The first wait between tries, doubled each time. */
  backoffMs: number;
  /** The longest wait between two tries, Retry-After included. */
  maxWaitMs: number;
  /** One request's time limit. */
  timeoutMs: number;
  /** The largest answer read. */
  maxBytes: number;
}

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  attempts: 5,
  backoffMs: 1000,
  maxWaitMs: 120_000,
  timeoutMs: 60_000,
  maxBytes: 16 * 1024 * 1024,
};

/** The source refused the credential (401, 403): the run is a validation error. */
export class SourceRefusal extends Error {}
/** The source gave no usable answer, after the tries allowed. */
export class SourceFailure extends Error {}

export interface SourceAnswer {
  status: number;
  headers: Headers;
  /** Where the answer came from, after the redirects followed. */
  url: URL;
  text: string;
}

export interface GetOptions {
  headers?: Record<string, string>;
  /** Statuses returned to the reader rather than failing the run (a page's 404). */
  allow?: readonly number[];
  /** A redirect is returned (not followed): the crawl decides where to go. */
  redirectIsAnswer?: boolean;
}

const MAX_REDIRECTS = 3;
const REASON_LENGTH = 200;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** The source's own reason in an error answer (Jira's errorMessages, GitHub's message), one short line. */
export function sourceReason(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const body = json as Record<string, unknown>;
  const candidates = [
    body.message,
    Array.isArray(body.errorMessages) ? body.errorMessages[0] : undefined,
    body.error_description,
    body.error,
  ];
  const reason = candidates.find((value): value is string => typeof value === 'string');
  if (!reason?.trim()) return null;
  const line = reason.replace(/\s+/g, ' ').trim();
  return line.length > REASON_LENGTH ? `${line.slice(0, REASON_LENGTH - 1)}…` : line;
}

/** Retry-After in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const rateLimited = (status: number, headers: Headers) =>
  status === 429 ||
  (status === 403 && (headers.get('x-ratelimit-remaining') === '0' || headers.has('retry-after')));

const retryable = (status: number, headers: Headers) =>
  rateLimited(status, headers) || status >= 500;

/** Why a request got no answer, in words (the error's own message may quote a header). */
function noAnswerWords(error: unknown, service: string, url: URL, timedOut: boolean): string {
  if (timedOut) return `${service} (${url.host}) did not answer in time`;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = String(cause?.code ?? '');
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${url.host} was not found`;
  if (/CERT|SSL|TLS/.test(code)) return `Could not make a secure connection to ${url.host}`;
  return `Could not reach ${url.host}`;
}

class NoAnswer extends Error {}

export class SourceHttp {
  constructor(
    /** The source's name in messages: "Jira", "GitHub". */
    readonly service: string,
    private readonly settings: HttpSettings = DEFAULT_HTTP_SETTINGS,
    private readonly signal?: AbortSignal,
    /** Told of each wait before a new try (the worker's log says it in words). */
    private readonly onRetry: (why: string, waitMs: number) => void = () => {},
    /**
     * The origins the server approved the job's credential for (D15), as
     * `originKey` writes them; null when the job sends no credential.
     */
    private readonly approvedOrigins: readonly string[] | null = null,
  ) {}

  /** D15: a request toward an origin the server did not approve is never made. */
  private assertApproved(url: URL) {
    if (this.approvedOrigins === null) return;
    const origin = originKey(url);
    if (this.approvedOrigins.includes(origin)) return;
    throw new SourceFailure(
      `Nothing was sent to ${origin}: the server approved this credential only for ${this.approvedOrigins.join(', ') || 'no origin'}. The worker's SOURCEDESK_SOURCE_API_HOSTS or the connector's address points elsewhere than the server's; make them agree, or ask the credential's owner or an admin to approve ${origin}.`,
    );
  }

  private async readBody(response: Response, url: URL): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.settings.maxBytes) {
        await reader.cancel();
        const mib = Math.round(this.settings.maxBytes / 1024 / 1024);
        throw new SourceFailure(`${this.service} (${url.host}) sent an answer over ${mib} MiB`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** One request and the same-origin redirects it leads to. */
  private async once(url: URL, options: GetOptions): Promise<SourceAnswer> {
    let at = url;
    for (let hop = 0; ; hop++) {
      const timeout = AbortSignal.timeout(this.settings.timeoutMs);
      const signal = this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
      this.assertApproved(at);
      let response: Response;
      try {
        response = await fetch(at, {
          headers: { 'user-agent': 'Sourcedesk-worker', ...options.headers },
          redirect: 'manual',
          signal,
        });
      } catch (error) {
        if (this.signal?.aborted) throw error;
        if (error instanceof TypeError && /header/i.test(error.message)) {
          throw new SourceFailure(
            'The credential holds characters an HTTP header cannot carry (a line break?)',
          );
        }
        throw new NoAnswer(noAnswerWords(error, this.service, at, timeout.aborted));
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        if (options.redirectIsAnswer) {
          await response.body?.cancel();
          return { status: response.status, headers: response.headers, url: at, text: '' };
        }
        const next = new URL(location, at);
        await response.body?.cancel();
        if (next.origin !== url.origin) {
          throw new SourceFailure(
            `${this.service} (${url.host}) redirected to ${next.host}; not followed, the credential is sent nowhere else`,
          );
        }
        if (hop >= MAX_REDIRECTS) {
          throw new SourceFailure(
            `${this.service} (${url.host}) redirected more than ${MAX_REDIRECTS} times`,
          );
        }
        at = next;
        continue;
      }
      try {
        const text = await this.readBody(response, at);
        return { status: response.status, headers: response.headers, url: at, text };
      } catch (error) {
        if (error instanceof SourceFailure || this.signal?.aborted) throw error;
        throw new NoAnswer(noAnswerWords(error, this.service, at, timeout.aborted));
      }
    }
  }

  private wordsOf(answer: SourceAnswer): string {
    const words = rateLimited(answer.status, answer.headers)
      ? `${this.service} asked to slow down (${answer.status})`
      : statusWords(this.service, answer.status);
    const reason = sourceReason(answer.text);
    return reason ? `${words}: ${reason}` : words;
  }

  /**
   * GET `url`: a 2xx answer (or a status in `allow`); throws SourceRefusal for
   * 401/403, SourceFailure for anything else once the tries are spent.
   */
  async get(url: URL, options: GetOptions = {}): Promise<SourceAnswer> {
    const { attempts, backoffMs, maxWaitMs } = this.settings;
    for (let attempt = 1; ; attempt++) {
      let answer: SourceAnswer | null = null;
      let why: string;
      let waitMs = Math.min(backoffMs * 2 ** (attempt - 1), maxWaitMs);
      try {
        answer = await this.once(url, options);
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        why = error.message;
      }
      if (answer) {
        const { status, headers } = answer;
        if ((status >= 200 && status < 300) || options.allow?.includes(status)) return answer;
        if (options.redirectIsAnswer && status >= 300 && status < 400) return answer;
        why = this.wordsOf(answer);
        if (!retryable(status, headers)) {
          throw status === 401 || status === 403 ? new SourceRefusal(why) : new SourceFailure(why);
        }
        const asked = retryAfterMs(headers);
        if (asked !== null) waitMs = Math.min(asked, maxWaitMs);
      }
      if (attempt >= attempts) {
        throw new SourceFailure(`${why!} (tried ${attempts} times)`);
      }
      this.onRetry(why!, waitMs);
      await sleep(waitMs, this.signal);
    }
  }

  /** GET and parse JSON; an answer that is not JSON fails the run in words. */
  async json<T = unknown>(
    url: URL,
    options: GetOptions = {},
  ): Promise<{ body: T; answer: SourceAnswer }> {
    const answer = await this.get(url, {
      ...options,
      headers: { accept: 'application/json', ...options.headers },
    });
    try {
      return { body: JSON.parse(answer.text) as T, answer };
    } catch {
      throw new SourceFailure(
        `${this.service} (${url.host}) answered ${answer.status}, but not with JSON: check the address`,
      );
    }
  }
}
