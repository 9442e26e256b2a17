import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { startFirstReads } from './features/connectors/connectorsPrefetch';
import { paths } from './lib/paths';
import { takeSignInFromFragment } from './lib/session';
import './styles.css';

// A sign-in link's key or invitation leaves the address bar at once; App exchanges it for a session.
const link = takeSignInFromFragment(window.location, window.history);

const queryClient = createQueryClient();
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} link={link} />
  </StrictMode>,
);
