import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useInvitationSignIn, useSignIn } from '../api/sessionHooks';
import { describeError } from '../lib/describeError';
import { session, type SignInLink } from '../lib/session';
import { Loading } from './AppShell';
import { useTitleFromHeading } from './pageTitle';
import { AppRoutes } from './routes';

/**
 * A sign-in link (`#key=…` as `npm start` prints it, or an invitation's
 * `#invitation=…`) exchanged for a session before the first page shows; one the
 * server refuses leads to the sign-in page, saying why.
 */
function LinkSignIn({ link, children }: { link: SignInLink | null; children: ReactNode }) {
  const signIn = useSignIn();
  const invitationSignIn = useInvitationSignIn();
  const [done, setDone] = useState(link === null);
  const started = useRef(false);
  useEffect(() => {
    if (link === null || started.current) return;
    started.current = true;
    const settled = { onSettled: () => setDone(true) };
    if ('key' in link) {
      signIn.mutate(link.key, {
        ...settled,
        onError: (error) =>
          session.signOut(`The key of the sign-in link was not accepted: ${describeError(error)}`),
      });
    } else {
      invitationSignIn.mutate(link.invitation, {
        ...settled,
        onError: (error) => session.signOut(describeError(error)),
      });
    }
  }, [link, signIn, invitationSignIn]);
  return done ? children : <Loading label="Signing in…" />;
}

/** The panel owns the page: its title follows whichever h1 is on screen. */
const wholePage = () => document.body;

export function App({
  queryClient,
  link = null,
}: {
  queryClient: QueryClient;
  /** A key or invitation handed over in the address (main.tsx took it out of the address bar). */
  link?: SignInLink | null;
}) {
  useTitleFromHeading(wholePage);
  return (
    <QueryClientProvider client={queryClient}>
      <LinkSignIn link={link}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LinkSignIn>
    </QueryClientProvider>
  );
}
