import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { pageArrived } from '../lib/focusMain';
import { paths } from '../lib/paths';
import { PageGate, useAccess, type PAGE_ROLES } from './access';
import { AppShell, Loading } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';
import { RouteError } from './pageErrors';

/**
 * A page of the shell is on screen: the keyboard comes to it when nothing has
 * it (lib/focusMain.ts). Rendered beside the page, in the same Suspense
 * boundary, so it runs once the page's code is in and the shell is shown
 * again (while a page's code loads, the boundary hides the shell, and a main
 * focused then would lose the keyboard).
 */
function PageArrival() {
  const { pathname } = useLocation();
  useEffect(pageArrived, [pathname]);
  return null;
}

function NotFound() {
  return (
    <section className="page">
      <PageArrival />
      <h1>Page not found</h1>
      <p>
        <a href={paths.connectors.getHref()}>Go to the connectors</a>
      </p>
    </section>
  );
}

/** "/": the first page the signed-in role may use (a basic user's is the start page). */
function Landing() {
  const { deciding, landing } = useAccess();
  if (deciding) return <PageLoading />;
  return <Navigate to={landing()} replace />;
}

/** Shown while the first page's code loads. */
function PageLoading() {
  return <Loading label="Loading page…" />;
}

/** A page's code, loaded when the page is first shown. */
const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

// The sign-in page too: the connectors list's path does not carry it.
const SignInPage = page(() => import('../features/auth/SignInPage'), 'SignInPage');
const ConnectorsPage = page(
  () => import('../features/connectors/ConnectorsPage'),
  'ConnectorsPage',
);
const ConnectorDetailPage = page(
  () => import('../features/connectors/ConnectorDetailPage'),
  'ConnectorDetailPage',
);
const CredentialsPage = page(
  () => import('../features/credentials/CredentialsPage'),
  'CredentialsPage',
);
const CataloguePage = page(() => import('../features/catalogue/CataloguePage'), 'CataloguePage');
const ConnectorWizardPage = page(
  () => import('../features/connector-wizard/ConnectorWizardPage'),
  'ConnectorWizardPage',
);
const UsersPage = page(() => import('../features/users/UsersPage'), 'UsersPage');
const GroupsPage = page(() => import('../features/groups/GroupsPage'), 'GroupsPage');
const GroupPage = page(() => import('../features/groups/GroupPage'), 'GroupPage');
const DocumentSetsPage = page(
  () => import('../features/document-sets/DocumentSetsPage'),
  'DocumentSetsPage',
);
const ActivityPage = page(() => import('../features/activity/ActivityPage'), 'ActivityPage');
const ApiKeysPage = page(() => import('../features/api-keys/ApiKeysPage'), 'ApiKeysPage');
const SettingsPage = page(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const ConfigurationPage = page(
  () => import('../features/configuration/ConfigurationPage'),
  'ConfigurationPage',
);
const StartPage = page(() => import('../features/start/StartPage'), 'StartPage');
const ApiReferencePage = page(
  () => import('../features/api-reference/ApiReferencePage'),
  'ApiReferencePage',
);

/** A page of the shell: its path, and the roles that may open it (access.tsx). */
const shellPage = (name: keyof typeof PAGE_ROLES, Page: ComponentType): RouteObject => ({
  path: paths[name].path,
  element: (
    <PageGate page={name}>
      <Page />
      <PageArrival />
    </PageGate>
  ),
});

/**
 * Every route of the panel, one list (React Router's declarative mode: no data
 * router, about 17 KB gzip less). Each page's code loads lazily, so a page brings
 * only what it needs; the connectors page's requests start from the entry
 * (connectorsPrefetch.ts) while its code loads.
 */
export const ROUTES: RouteObject[] = [
  { path: paths.signIn.path, element: <SignInPage /> },
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Landing /> },
      shellPage('connectors', ConnectorsPage),
      shellPage('connector', ConnectorDetailPage),
      shellPage('credentials', CredentialsPage),
      shellPage('catalogue', CataloguePage),
      shellPage('newConnector', ConnectorWizardPage),
      shellPage('users', UsersPage),
      shellPage('groups', GroupsPage),
      shellPage('group', GroupPage),
      shellPage('documentSets', DocumentSetsPage),
      shellPage('activity', ActivityPage),
      shellPage('apiKeys', ApiKeysPage),
      shellPage('configuration', ConfigurationPage),
      shellPage('start', StartPage),
      shellPage('apiReference', ApiReferencePage),
      shellPage('settings', SettingsPage),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * The panel's routes. Until the first page's code is in, "Loading page…" alone:
 * the shell and its page then appear together (and the page takes focus once).
 * Later moves are transitions (React Router's default): the page on screen stays
 * until the next one's code is in.
 */
export function AppRoutes() {
  const routes = useRoutes(ROUTES);
  return (
    <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<PageLoading />}>{routes}</Suspense>
    </ErrorBoundary>
  );
}
