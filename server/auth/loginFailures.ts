// Wrong or missing keys, as activity: at most one `auth.login_failure` record
// per address (block, as authFailures.ts counts them) per minute, whose count
// grows while the minute lasts. A flood of wrong keys is one record a minute,
// not one a request.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { addressBlock } from '../http/addressBlock';
import { insertAudit, setAuditChanges } from '../repos/audit';
import { auditRow } from '../audit/recorder';

const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 10_000;

interface Window {
  start: number;
  count: number;
  id: Promise<number | null>;
}

export class LoginFailureLog {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly db: Db) {}

  async record(request: FastifyRequest, now = Date.now()): Promise<void> {
    const block = addressBlock(request.ip);
    const open = this.windows.get(block);
    if (open && now < open.start + WINDOW_MS) {
      const count = ++open.count;
      const id = await open.id;
      if (id !== null) {
        await setAuditChanges(this.db, id, { count }).catch((error: unknown) =>
          request.log.error({ err: error }, 'a failed sign-in could not be counted'),
        );
      }
      return;
    }
    if (this.windows.size >= MAX_ADDRESSES) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    const row = auditRow(request, undefined, 'auth.login_failure', 'denied', {
      resource_type: 'auth',
      resource_id: null,
      changes: { count: 1 },
    });
    const id = insertAudit(this.db, row).catch((error: unknown) => {
      request.log.error({ err: error }, 'a failed sign-in could not be recorded');
      return null;
    });
    this.windows.delete(block);
    this.windows.set(block, { start: now, count: 1, id });
    await id;
  }
}
