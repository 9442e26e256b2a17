import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { firstPageWasShown, markFirstPageShown } from '../lib/firstRows';
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

/** A page's component, and its code asked for ahead of its first render. */
type PageComponent = ComponentType & {
  preload: () => Promise<unknown>;
  loaded: () => boolean;
};

/**
 * A page's code, loaded when the page is first shown (or by `preload`). Once
 * in, the page renders at once: React's lazy suspends on any promise, even one
 * of a module already loaded, and shows the fallback for it.
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): PageComponent {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (component = module[name]),
      (error: unknown) => {
        // A later render asks again (and its error boundary says what failed).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(() => {
    const done = component;
    // A thenable that answers at once: lazy then returns the page without suspending.
    if (done) {
      const now: PromiseLike<{ default: ComponentType }> = {
        then: (resolve) => resolve?.({ default: done }) as never,
      };
      return now as Promise<{ default: ComponentType }>;
    }
    return preload().then((loaded) => ({ default: loaded }));
  });
  return Object.assign(Page, { preload, loaded: () => component !== undefined });
}

/**
 * The first page of a visit waits for its code here, in the shell, rather
 * than in the Suspense boundary around the routes: that boundary hides the
 * shell for its "Loading page…", and React holds back content that comes in
 * after a fallback was shown until 300 ms after it (its fallback throttle),
 * which held the connectors list's first rows back by up to that much (docs/performance.md).
 * Later pages are reached by transitions, which keep the page on screen while
 * the next one's code loads, so they render the lazy page itself.
 */
function PageCode({ Page }: { Page: PageComponent }) {
  const [waiting, setWaiting] = useState(() => !firstPageWasShown() && !Page.loaded());
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    const done = () => {
      if (current) setWaiting(false);
    };
    // A failed load renders the lazy page, which asks again and throws to the error boundary.
    Page.preload().then(done, done);
    return () => {
      current = false;
    };
  }, [Page, waiting]);
  useEffect(() => {
    if (!waiting) markFirstPageShown();
  }, [waiting]);
  if (waiting) return <PageLoading />;
  return (
    <>
      <Page />
      <PageArrival />
    </>
  );
}

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
const shellPage = (name: keyof typeof PAGE_ROLES, Page: PageComponent): RouteObject => ({
  path: paths[name].path,
  element: (
    <PageGate page={name}>
      <PageCode Page={Page} />
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
