import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useSignIn } from '../api/sessionHooks';
import { describeError } from '../lib/describeError';
import { session } from '../lib/session';
import { Loading } from './AppShell';
import { useTitleFromHeading } from './pageTitle';
import { AppRoutes } from './routes';

/**
 * The key of a sign-in link (`#key=…`, as `npm start` prints it) exchanged for a
 * session before the first page shows; a key the server refuses leads to the
 * sign-in page, saying so.
 */
function LinkSignIn({ linkKey, children }: { linkKey: string | null; children: ReactNode }) {
  const signIn = useSignIn();
  const [done, setDone] = useState(linkKey === null);
  const started = useRef(false);
  useEffect(() => {
    if (linkKey === null || started.current) return;
    started.current = true;
    signIn.mutate(linkKey, {
      onError: (error) =>
        session.signOut(`The key of the sign-in link was not accepted: ${describeError(error)}`),
      onSettled: () => setDone(true),
    });
  }, [linkKey, signIn]);
  return done ? children : <Loading label="Signing in…" />;
}

/** The panel owns the page: its title follows whichever h1 is on screen. */
const wholePage = () => document.body;

export function App({
  queryClient,
  linkKey = null,
}: {
  queryClient: QueryClient;
  /** A key handed over in the address (main.tsx took it out of the address bar). */
  linkKey?: string | null;
}) {
  useTitleFromHeading(wholePage);
  return (
    <QueryClientProvider client={queryClient}>
      <LinkSignIn linkKey={linkKey}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LinkSignIn>
    </QueryClientProvider>
  );
}
