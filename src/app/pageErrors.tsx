// What shows when a page cannot be shown: outside the shell (RouteError), or
// inside it (PageErrorBoundary), where the navigation stays.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { describeError } from '../lib/describeError';
import { paths } from '../lib/paths';
import { ErrorBoundary } from './ErrorBoundary';

export function RouteError({ error }: { error: unknown }) {
  return (
    <main id="main" className="page">
      <h1>This page could not be shown</h1>
      <p role="alert">{describeError(error)}</p>
      <p>
        <a href={paths.connectors.getHref()}>Back to the connectors</a>
      </p>
    </main>
  );
}

/** Words of the browser when a page's code (or its CSS) cannot be loaded. */
const CODE_NOT_LOADED =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i;

/**
 * A page that failed inside the shell: the navigation stays. A page whose code
 * cannot be loaded (the server is gone, or a new version replaced the files)
 * is said in words, with a way to load the panel again.
 */
function PageError({ error }: { error: unknown }) {
  const notLoaded = error instanceof Error && CODE_NOT_LOADED.test(error.message);
  return (
    <section className="page" aria-labelledby="page-error-title">
      <h1 id="page-error-title">
        {notLoaded ? 'This page could not be loaded' : 'This page could not be shown'}
      </h1>
      <p role="alert">
        {notLoaded
          ? 'The panel could not reach the server, or Sourcedesk was updated since this tab opened. Reload to get the current version.'
          : describeError(error)}
      </p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </section>
  );
}

/** Inside the shell: a page that fails keeps the navigation around it; the next page clears it. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <PageError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
