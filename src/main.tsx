import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { exchangeSignInLink } from './api/sessionHooks';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { prefetchConnectorsPage } from './features/connectors/connectorsPrefetch';
import { takeSignInFromFragment } from './lib/session';
import './styles.css';

// A sign-in link's key or invitation leaves the address bar at once; App exchanges it for a session.
const link = takeSignInFromFragment(window.location, window.history);

const queryClient = createQueryClient();
// The first page's requests leave now, while its code is still on its way; with
// a sign-in link, the moment its session is open (the exchange starts now too,
// not after the first render; App waits for the same one).
if (link === null) prefetchConnectorsPage(queryClient, window.location);
else
  void exchangeSignInLink(queryClient, link).then(() =>
    prefetchConnectorsPage(queryClient, window.location),
  );

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} link={link} />
  </StrictMode>,
);
