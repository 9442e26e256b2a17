// The entry's first module: the first reads leave before the rest of the entry
// (React's DOM, the router, the shell) is evaluated. An ES module's imports are
// evaluated in order, so main.tsx imports this one first: the session link is
// taken from the address, the query client made and the first page's requests
// sent (connectorsPrefetch.ts) while the browser still runs the rest of the
// chunk, instead of after it (docs/performance.md, "The entry's first reads (2026-11-29)").
import { createQueryClient } from './app/queryClient';
import { startFirstReads } from './features/connectors/connectorsPrefetch';
import { paths } from './lib/paths';
import { takeSignInFromFragment } from './lib/session';

// A sign-in link's key or invitation leaves the address bar at once; App exchanges it for a session.
export const link = takeSignInFromFragment(window.location, window.history);

export const queryClient = createQueryClient();
// The first page's requests leave now, while its code is still on its way
// (connectorsPrefetch.ts; at /users, usersPrefetch.ts): with a `#key=` link, signed by its key while its
// exchange for a session runs; with an invitation, once its session is open.
startFirstReads(queryClient, link, window.location);
// The Users page's, loaded only there: the connectors list's path does not carry it.
if (window.location.pathname === paths.users.path)
  void import('./features/users/usersPrefetch').then((users) =>
    users.prefetchUsersPage(queryClient, window.location, link !== null && 'key' in link),
  );
// The formats the first rows use load their locale data meanwhile, not after the answer.
void import('./lib/warmFormats').then(({ warmFormats }) => warmFormats());
