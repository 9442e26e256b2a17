// First: the first reads leave before the rest of this chunk is evaluated (boot.ts).
import { link, queryClient } from './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} link={link} />
  </StrictMode>,
);
