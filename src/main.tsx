import './lib/noEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { takeKeyFromFragment } from './lib/session';
import './styles.css';

takeKeyFromFragment(window.location, window.history);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={createQueryClient()} router={createBrowserRouter(routes)} />
  </StrictMode>,
);
