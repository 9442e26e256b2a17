import type { QueryClient } from '@tanstack/react-query';
import { Navigate, useRouteError, type RouteObject } from 'react-router-dom';
import { describeError } from '../lib/describeError';
import { SignInPage } from '../features/auth/SignInPage';
import { connectorsLoader } from '../features/connectors/connectorsLoader';
import { paths } from '../lib/paths';
import { pageHandle } from './access';
import { AppShell, Loading } from './AppShell';

function RouteError() {
  const error = useRouteError();
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
function PageError() {
  const error = useRouteError();
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

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        <a href={paths.connectors.getHref()}>Go to the connectors</a>
      </p>
    </section>
  );
}

/** Shown while the first page's code loads (the router's initial load). */
function PageLoading() {
  return <Loading label="Loading page…" />;
}

/**
 * Route modules load lazily, so each page brings only what it needs; a route's
 * loader starts the page's requests meanwhile, into `queryClient`'s cache.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: paths.signIn.path, element: <SignInPage />, errorElement: <RouteError /> },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // On the shell, not on each page: the shell and its page appear together once the
    // page's code is in, instead of the shell first and the page (and its focus) later.
    HydrateFallback: PageLoading,
    children: [
      {
        // Inside the shell: a page that fails keeps the navigation around it.
        errorElement: <PageError />,
        children: [
          { index: true, element: <Navigate to={paths.connectors.getHref()} replace /> },
          {
            path: paths.connectors.path,
            handle: pageHandle('connectors'),
            loader: connectorsLoader(queryClient),
            // The page's queries follow a filter change themselves: no second round trip through the loader.
            shouldRevalidate: () => false,
            lazy: async () => ({
              Component: (await import('../features/connectors/ConnectorsPage')).ConnectorsPage,
            }),
          },
          {
            path: paths.connector.path,
            handle: pageHandle('connector'),
            lazy: async () => ({
              Component: (await import('../features/connectors/ConnectorDetailPage'))
                .ConnectorDetailPage,
            }),
          },
          {
            path: paths.credentials.path,
            handle: pageHandle('credentials'),
            lazy: async () => ({
              Component: (await import('../features/credentials/CredentialsPage')).CredentialsPage,
            }),
          },
          {
            path: paths.catalogue.path,
            handle: pageHandle('catalogue'),
            lazy: async () => ({
              Component: (await import('../features/catalogue/CataloguePage')).CataloguePage,
            }),
          },
          {
            path: paths.newConnector.path,
            handle: pageHandle('newConnector'),
            lazy: async () => ({
              Component: (await import('../features/connector-wizard/ConnectorWizardPage'))
                .ConnectorWizardPage,
            }),
          },
          {
            path: paths.users.path,
            handle: pageHandle('users'),
            lazy: async () => ({
              Component: (await import('../features/users/UsersPage')).UsersPage,
            }),
          },
          {
            path: paths.activity.path,
            handle: pageHandle('activity'),
            lazy: async () => ({
              Component: (await import('../features/activity/ActivityPage')).ActivityPage,
            }),
          },
          {
            path: paths.apiKeys.path,
            handle: pageHandle('apiKeys'),
            lazy: async () => ({
              Component: (await import('../features/api-keys/ApiKeysPage')).ApiKeysPage,
            }),
          },
          {
            path: paths.apiReference.path,
            handle: pageHandle('apiReference'),
            lazy: async () => ({
              Component: (await import('../features/api-reference/ApiReferencePage'))
                .ApiReferencePage,
            }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
