import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { exchangeSignInLink } from '../api/sessionHooks';
import type { SignInLink } from '../lib/session';
import { Loading } from './AppShell';
import { useTitleFromHeading } from './pageTitle';
import { AppRoutes } from './routes';

/**
 * A sign-in link (`#key=…` as `npm start` prints it, or an invitation's
 * `#invitation=…`) exchanged for a session before the first page shows (the
 * entry has usually started the exchange already); one the server refuses
 * leads to the sign-in page, saying why.
 */
function LinkSignIn({ link, children }: { link: SignInLink | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(link === null);
  useEffect(() => {
    if (link === null) return;
    let mounted = true;
    void exchangeSignInLink(queryClient, link).then(() => {
      if (mounted) setDone(true);
    });
    return () => {
      mounted = false;
    };
  }, [link, queryClient]);
  return done ? children : <Loading label="Signing in…" />;
}

/** The panel owns the page: its title follows whichever h1 is on screen. */
const wholePage = () => document.body;

export function App({
  queryClient,
  link = null,
}: {
  queryClient: QueryClient;
  /** A key or invitation handed over in the address (src/boot.ts took it out of the address bar). */
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
