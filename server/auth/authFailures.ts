// A limit on wrong keys per client address, so keys cannot be tried at
// thousands a second. Only failed authentications count: past the limit, an
// address's wrong keys are answered 429 with Retry-After until its window ends.
// A correct key is never held up, from any address (a 256-bit key cannot be
// guessed; the limit stops the flood, not the person who has the key).
// Addresses are counted by block: an IPv6 /64 is one client (addressBlock.ts).
import { addressBlock } from '../http/addressBlock';

export interface AuthFailureLimit {
  /** Failed authentications allowed per address within one window. */
  failures: number;
  windowMs: number;
}

/** The default: 30 wrong keys a minute per address (docs/security.md, "Wrong keys"). */
export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = { failures: 30, windowMs: 60_000 };

/** Addresses remembered at most; past it the oldest windows are dropped. */
const MAX_ADDRESSES = 10_000;

export class AuthFailures {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: AuthFailureLimit) {}

  /** Whole seconds until `address` may try again; 0 when it may now. */
  retryAfter(address: string, now = Date.now()): number {
    const block = addressBlock(address);
    const window = this.windows.get(block);
    if (!window) return 0;
    const ends = window.start + this.limit.windowMs;
    if (now >= ends) {
      this.windows.delete(block);
      return 0;
    }
    return window.count >= this.limit.failures ? Math.ceil((ends - now) / 1000) : 0;
  }

  record(address: string, now = Date.now()) {
    const block = addressBlock(address);
    const window = this.windows.get(block);
    if (window && now < window.start + this.limit.windowMs) {
      window.count++;
      return;
    }
    if (this.windows.size >= MAX_ADDRESSES) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(block, { start: now, count: 1 });
  }
}
