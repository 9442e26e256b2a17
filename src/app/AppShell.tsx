import { lazy, Suspense, useEffect, useState } from 'react';
import { markFirstRows, useAfterFirstRows } from '../lib/firstRows';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { roleWords } from '../lib/enumWords';
import { focusMain } from '../lib/focusMain';
import { paths } from '../lib/paths';
import { useSignOut } from '../api/sessionHooks';
import { useSession } from '../lib/useSession';
import { NOTHING_TO_ADMINISTER, PAGE_ROLES, useAccess } from './access';
import { PageErrorBoundary } from './pageErrors';
import { ServerReach } from './ServerReach';
import { AttentionLink } from './AttentionLink';

const NAVIGATION = [
  { to: paths.start.getHref(), label: 'Start', end: false, roles: NOTHING_TO_ADMINISTER },
  { to: paths.connectors.getHref(), label: 'Connectors', end: true, roles: PAGE_ROLES.connectors },
  {
    to: paths.catalogue.getHref(),
    label: 'New connector',
    end: false,
    roles: PAGE_ROLES.catalogue,
  },
  {
    to: paths.credentials.getHref(),
    label: 'Credentials',
    end: false,
    roles: PAGE_ROLES.credentials,
  },
  { to: paths.users.getHref(), label: 'Users & roles', end: false, roles: PAGE_ROLES.users },
  { to: paths.groups.getHref(), label: 'Groups', end: false, roles: PAGE_ROLES.groups },
  {
    to: paths.documentSets.getHref(),
    label: 'Document sets',
    end: false,
    roles: PAGE_ROLES.documentSets,
  },
  { to: paths.activity.getHref(), label: 'Activity', end: false, roles: PAGE_ROLES.activity },
  { to: paths.apiKeys.getHref(), label: 'API keys', end: false, roles: PAGE_ROLES.apiKeys },
  {
    to: paths.configuration.getHref(),
    label: 'Configuration',
    end: false,
    roles: PAGE_ROLES.configuration,
  },
  {
    to: paths.apiReference.getHref(),
    label: 'API reference',
    end: false,
    roles: PAGE_ROLES.apiReference,
  },
  { to: paths.settings.getHref(), label: 'Settings', end: false, roles: PAGE_ROLES.settings },
];

/** Said only when a newer version is out: its code comes after the first page's. */
const VersionBanner = lazy(async () => ({
  default: (await import('../features/versions/VersionBanner')).VersionBanner,
}));

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="loading">
      {label}
    </p>
  );
}

export function AppShell() {
  const { signedIn } = useSession();
  const location = useLocation();
  const afterFirstRows = useAfterFirstRows();
  // Only the connectors list holds the rest back (its page marks its first rows);
  // the landing address `/` sends an admin there.
  const onList = location.pathname === paths.connectors.path || location.pathname === '/';
  useEffect(() => {
    if (!onList) markFirstRows();
  }, [onList]);
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const { user, may, deciding } = useAccess();
  /** A folded menu closes with its links: the keyboard goes to the page. */
  const followed = () => {
    if (menuOpen) focusMain();
    setMenuOpen(false);
  };

  if (!signedIn) {
    return <Navigate to={paths.signIn.getHref(location.pathname + location.search)} replace />;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <span className="brand">Sourcedesk</span>
        {/* On a narrow screen the navigation folds behind this button. */}
        <button
          type="button"
          className="secondary menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav aria-label="Main" id="main-navigation" className={menuOpen ? 'open' : undefined}>
          <ul>
            {/* No link before the role is known: a basic user never sees an admin's pages offered. */}
            {(deciding ? [] : NAVIGATION.filter((item) => may(item.roles))).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} onClick={followed}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {/* Asked only once the role is known to may read it (no refused request). */}
            {user && may(PAGE_ROLES.connectors) && <AttentionLink onFollow={followed} />}
          </ul>
        </nav>
        {user && (
          <span className="whoami">
            {user.email} <span className="hint">({roleWords(user.role)})</span>
          </span>
        )}
        <button
          type="button"
          className="secondary sign-out"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </header>
      {/* A newer release is an admin's to install: nobody else can act on it. */}
      {afterFirstRows && user && may(PAGE_ROLES.settings) && (
        <Suspense fallback={null}>
          <VersionBanner />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        {/* Each page starts without the last one's "answers again". */}
        <ServerReach key={location.pathname} />
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>
    </>
  );
}
