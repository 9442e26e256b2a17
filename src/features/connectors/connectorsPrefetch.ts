// The connectors page's prefetch: the entry asks for the lists as soon as the
// panel starts on /connectors, while the page's own code is still on its way,
// and does not wait for them — the page shows its loading state and its
// queries take over the requests already in flight (same query options).
// Opened at /connectors, the lists and the page's code are asked for with the
// role (`/me`), not after it: the session authorises them, and the page shows
// nothing before `/me` answers (a role that may not list connectors, D2, is told
// so; its refused prefetch is never shown). At "/" the role is asked first: it
// decides where "/" leads (a basic user's leads elsewhere), and a key whose
// role may not list connectors asks for nothing it would be refused.
import type { QueryClient } from '@tanstack/react-query';
import { CURATOR_OR_ADMIN_ROLES } from '../../contract/roles';
import { setFirstReadsKey } from '../../api/client';
import { credentialListQuery } from '../../api/credentials';
import { exchangeSignInLink } from '../../api/sessionHooks';
import { currentUserQuery } from '../../api/users';
import { session, type SignInLink } from '../../lib/session';
import { paths } from '../../lib/paths';
import { connectorsPageQueries } from './connectorsLocation';

/** `pathname` and `search` of the address the panel opens at ("/" leads to the list too). */
export function prefetchConnectorsPage(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
  /** A `#key=` link's exchange runs: its key signs these reads (client.ts, setFirstReadsKey). */
  signingIn = false,
): void {
  // Signed out, the shell sends the person to sign in: nothing to ask for yet.
  const toList = pathname === paths.connectors.path || pathname === '/';
  if (!toList || !(signingIn || session.get().signedIn)) return;
  const { credential } = paths.connectors.parse(new URLSearchParams(search));
  // Without a filter both are one query: the client asks once. A failure shows
  // through the page's own queries (which retry on mount), not here.
  const { filtered, everything } = connectorsPageQueries(credential);
  const askForTheList = () => {
    void import('./ConnectorsPage');
    void queryClient.prefetchQuery(filtered);
    void queryClient.prefetchQuery(everything);
    void queryClient.prefetchQuery(credentialListQuery());
  };
  const routeKnown = pathname === paths.connectors.path;
  if (routeKnown) askForTheList();
  void queryClient.fetchQuery(currentUserQuery()).then(
    (user) => {
      if (!routeKnown && CURATOR_OR_ADMIN_ROLES.includes(user.role)) askForTheList();
    },
    () => {
      // The shell asks again and says what went wrong.
    },
  );
}

/**
 * The reads a `#key=` link's key may sign while its exchange runs (docs/security.md,
 * "Sessions"): who, the list and the credentials; at /users, the directory's page.
 */
const READS_SIGNED_BY_THE_LINK = [
  'getMe',
  'listConnectors',
  'listCredentials',
  'listAcceptedUsers',
];

/**
 * The entry's first requests. A `#key=` link's key signs the first reads (who,
 * the list, the credentials) while its exchange for a session runs, as any API
 * client's would: they leave at once instead of after the exchange. The key is
 * kept in no storage and dropped when the exchange settles (sessionHooks.ts);
 * every later request goes with the session. An invitation's reads wait for its
 * session.
 */
export function startFirstReads(
  queryClient: QueryClient,
  link: SignInLink | null,
  location: { pathname: string; search: string },
): void {
  if (link === null) prefetchConnectorsPage(queryClient, location);
  else if ('key' in link) {
    setFirstReadsKey(link.key.trim(), READS_SIGNED_BY_THE_LINK);
    void exchangeSignInLink(queryClient, link, true);
    prefetchConnectorsPage(queryClient, location, true);
  } else
    void exchangeSignInLink(queryClient, link).then(() =>
      prefetchConnectorsPage(queryClient, location),
    );
}
