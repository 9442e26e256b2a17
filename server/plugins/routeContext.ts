// What every group of routes works with (RouteContext), made once per app.
import type { Store } from '../db/database';
import { createGuard, createWriter } from '../auth/guard';
import { AuthFailures, type AuthFailureLimit } from '../auth/authFailures';
import { LoginFailureLog } from '../auth/loginFailures';
import type { PublicAddress } from '../auth/sessionCookie';
import type { SessionSettings } from '../auth/sessions';
import { JsonCache } from '../http/cachedJson';
import type { Outage } from '../http/outage';
import type { RouteContext } from '../routes/context';

export function routeContext(
  store: Store,
  outage: Outage,
  sessions: SessionSettings,
  address: PublicAddress,
  failureLimit: AuthFailureLimit | null,
): RouteContext {
  const authFailures = failureLimit ? new AuthFailures(failureLimit) : null;
  const loginFailures = new LoginFailureLog(store.db);
  return {
    db: store.db,
    guard: createGuard(store, { sessions, address }, authFailures, loginFailures),
    write: createWriter(store, { sessions, address }),
    secrets: store.secrets,
    reads: new JsonCache(store),
    outage,
    sessions,
    address,
    authFailures,
    loginFailures,
  };
}
