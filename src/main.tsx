import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Sourcedesk</h1>
      <p>The panel is on its way.</p>
    </main>
  </StrictMode>,
);
