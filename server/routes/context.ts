import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';
import type { LoginFailureLog } from '../auth/loginFailures';
import type { Guard, Writer } from '../auth/guard';
import type { AuthFailures } from '../auth/authFailures';
import type { JsonCache } from '../http/cachedJson';
import type { Outage } from '../http/outage';
import type { PublicAddress } from '../auth/sessionCookie';
import type { SessionSettings } from '../auth/sessions';

/** What every group of routes works with. */
export interface RouteContext {
  db: Db;
  guard: Guard;
  /** A write's one transaction, after the caller is checked again inside it (D2). */
  write: Writer;
  /** Seals and opens credential secrets. */
  secrets: SecretBox;
  /** Read answers, kept until the database changes. */
  reads: JsonCache;
  /** Whether the database answers, and the 503 while it does not (D11). */
  outage: Outage;
  /** Panel sessions' idle time and lifetime (docs/security.md, "Sessions"). */
  sessions: SessionSettings;
  /** Where browsers reach the server: the Origin rule and Secure cookies. */
  address: PublicAddress;
  /** Wrong keys per address (null: no limit), and their activity records. */
  authFailures: AuthFailures | null;
  loginFailures: LoginFailureLog;
}
