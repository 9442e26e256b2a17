// The Users page's prefetch: opened at /users, the entry asks for who is
// signed in (`/me`), the directory's page in the address, the page's code and
// the contract that checks the directory's answer (client.ts) together, while
// its own code and the sign-in are still on their way; the page's queries take
// over the requests in flight (same query options). The shell shows nothing
// before `/me` answers, so a role that may not list users never sees the
// refused prefetch; the page's query asks again on mount.
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery, userListQuery } from '../../api/users';
import { session } from '../../lib/session';
import { paths } from '../../lib/paths';
import { directoryView } from './directoryLocation';

export function prefetchUsersPage(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
  /** A `#key=` link's exchange runs: its key signs these reads. */
  signingIn = false,
): void {
  if (pathname !== paths.users.path || !(signingIn || session.get().signedIn)) return;
  void queryClient.prefetchQuery(currentUserQuery());
  void queryClient.prefetchQuery(userListQuery(directoryView(new URLSearchParams(search)).filters));
  // The code after the reads have left: the browser opens 6 connections to the
  // server, and the page's ~40 modules asked first held the two reads behind
  // them (asked at 0.7 s, answered at 1.8 s, for 20 ms of the server's work).
  setTimeout(() => {
    void import('./UsersPage');
    // The directory's answer is checked by the zod contract (not a first-rows read).
    void import('../../contract/endpoints/all');
  }, 0);
}
