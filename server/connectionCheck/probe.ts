// One HTTP request of a connection test, with the safety rules that keep a
// credential where it belongs: it goes only to the origin of the first address
// (a redirect elsewhere is a failure, never followed), no answer is read past
// 1 MiB, and the caller's signal ends it (the check's time limit). node:http
// rather than fetch: fetch refuses some ports a self-hosted server may use,
// and pools connections that would outlive the test.
import http from 'node:http';
import https from 'node:https';

const MAX_BODY_BYTES = 1024 * 1024;
/** Redirects followed within the same origin (scheme, host and port). */
export const MAX_REDIRECTS = 3;

export interface ProbeRequest {
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Read the answer (at most 1 MiB) and parse it as JSON; otherwise it is not read. */
  json?: boolean;
  /** Read the answer (at most 1 MiB) as text (an object store's XML error); otherwise it is not read. */
  text?: boolean;
  /** A redirect is the answer (not followed, not a failure): a web page may move. */
  redirectIsAnswer?: boolean;
}

export interface ProbeAnswer {
  status: number;
  /** The parsed answer when asked for and JSON; undefined otherwise. */
  json?: unknown;
  /** The answer's text when asked for. */
  text?: string;
}

type ProbeFailureKind =
  | 'timeout'
  | 'tls'
  | 'redirect'
  | 'redirects'
  | 'too_large'
  | 'refused'
  | 'unknown_host'
  | 'unreachable'
  | 'header';

/** A request that got no usable answer; `detail` is our own words (a certificate problem, a host). */
export class ProbeFailure extends Error {
  constructor(
    readonly kind: ProbeFailureKind,
    readonly detail = '',
  ) {
    super(kind);
  }
}

const CERTIFICATE_WORDS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN:
    'certificate chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate is signed by an issuer that is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate is signed by an issuer that is not trusted',
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate is for another host name',
};

/** An error of node:http as a failure; its message is never kept (it may quote a header). */
function failureOf(error: unknown, signal: AbortSignal): ProbeFailure {
  if (error instanceof ProbeFailure) return error;
  if (signal.aborted) return new ProbeFailure('timeout');
  const code = String((error as { code?: unknown }).code ?? '');
  if (CERTIFICATE_WORDS[code]) return new ProbeFailure('tls', CERTIFICATE_WORDS[code]);
  if (/^(ERR_SSL|ERR_TLS|EPROTO)/.test(code)) return new ProbeFailure('tls', 'handshake failed');
  if (code === 'ECONNREFUSED') return new ProbeFailure('refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ProbeFailure('unknown_host');
  return new ProbeFailure('unreachable');
}

/** Header values as HTTP can carry them; a token with a line break would end the header. */
const SENDABLE = /^[\t\x20-\x7e]*$/;

function once(request: ProbeRequest, url: URL, signal: AbortSignal) {
  return new Promise<ProbeAnswer & { location?: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': 'Sourcedesk-connection-test', ...request.headers },
      signal,
      agent: false, // a connection of its own, closed with the answer
    });
    outgoing.on('error', (error) => reject(failureOf(error, signal)));
    outgoing.on('response', (answer) => {
      const status = answer.statusCode ?? 0;
      const location = answer.headers.location;
      if (!(request.json || request.text) || (status >= 300 && status < 400)) {
        answer.destroy(); // the status is all that is wanted
        return resolve({ status, location });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          answer.destroy();
          return reject(new ProbeFailure('too_large'));
        }
        chunks.push(chunk);
      });
      answer.on('error', (error) => reject(failureOf(error, signal)));
      // Cut off before the end (a time limit, a dropped connection): no answer.
      answer.on('close', () => reject(failureOf(new Error('closed early'), signal)));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (request.text) return resolve({ status, text: body });
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        resolve({ status, json });
      });
    });
    outgoing.end(request.body);
  });
}

/**
 * Sends the request; follows a redirect only within the first address's
 * origin, at most MAX_REDIRECTS times, and only for GET. Throws ProbeFailure.
 */
export async function probe(request: ProbeRequest, signal: AbortSignal): Promise<ProbeAnswer> {
  if (!Object.values(request.headers ?? {}).every((value) => SENDABLE.test(value))) {
    throw new ProbeFailure('header');
  }
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const answer = await once(request, url, signal).catch((error: unknown) => {
      throw failureOf(error, signal);
    });
    const isRedirect = answer.status >= 300 && answer.status < 400 && answer.location;
    if (!isRedirect || request.redirectIsAnswer)
      return { status: answer.status, json: answer.json, text: answer.text };
    let next: URL;
    try {
      next = new URL(answer.location!, url);
    } catch {
      throw new ProbeFailure('redirect', 'an address that does not parse');
    }
    if (next.origin !== request.url.origin || request.method === 'POST') {
      throw new ProbeFailure('redirect', next.host || next.protocol);
    }
    if (hop >= MAX_REDIRECTS) throw new ProbeFailure('redirects');
    url = next;
  }
}
