import './lib/noEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { createRoutes } from './app/routes';
import { takeKeyFromFragment } from './lib/session';
import './styles.css';

takeKeyFromFragment(window.location, window.history);

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
