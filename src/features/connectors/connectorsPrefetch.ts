// The connectors page's prefetch: the entry asks for the lists as soon as the
// panel starts on /connectors, while the page's own code is still on its way,
// and does not wait for them — the page shows its loading state and its
// queries take over the requests already in flight (same query options). The
// role is asked first: a key whose role may not list connectors (D2) asks for
// nothing it would be refused (a basic user's "/" leads elsewhere).
import type { QueryClient } from '@tanstack/react-query';
import { CURATOR_OR_ADMIN_ROLES } from '../../contract/roles';
import { credentialListQuery } from '../../api/credentials';
import { currentUserQuery } from '../../api/users';
import { session } from '../../lib/session';
import { paths } from '../../lib/paths';
import { connectorsPageQueries } from './connectorsLocation';

/** `pathname` and `search` of the address the panel opens at ("/" leads to the list too). */
export function prefetchConnectorsPage(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): void {
  // Signed out, the shell sends the person to sign in: nothing to ask for yet.
  const toList = pathname === paths.connectors.path || pathname === '/';
  if (!toList || !session.get().signedIn) return;
  const { credential } = paths.connectors.parse(new URLSearchParams(search));
  // Without a filter both are one query: the client asks once. A failure shows
  // through the page's own queries (which retry on mount), not here.
  const { filtered, everything } = connectorsPageQueries(credential);
  void queryClient.fetchQuery(currentUserQuery()).then(
    (user) => {
      if (!CURATOR_OR_ADMIN_ROLES.includes(user.role)) return;
      void queryClient.prefetchQuery(filtered);
      void queryClient.prefetchQuery(everything);
      void queryClient.prefetchQuery(credentialListQuery());
    },
    () => {
      // The shell asks again and says what went wrong.
    },
  );
}
