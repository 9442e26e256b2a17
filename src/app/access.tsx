// What the signed-in key's role may open. Each page's route names the roles it
// needs (PAGE_ROLES, from the contract's rules, through PageGate); the shell shows
// only the navigation a role may use and, on a page the role may not open, says
// so at once instead of letting a form fail after several steps.
import type { ReactNode } from 'react';
import type { CurrentUser } from '../contract/answers';
import {
  CURATOR_OR_ADMIN_ROLES,
  USER_ADMIN_ROLES,
  USER_ROLES,
  type UserRole,
} from '../contract/roles';
import { useCurrentUser } from '../api/users';
import { roleWords } from '../lib/enumWords';
import { paths } from '../lib/paths';

/** Who may open each page: the routes (their handles) and the navigation both read it. */
export const PAGE_ROLES = {
  connectors: CURATOR_OR_ADMIN_ROLES,
  connector: CURATOR_OR_ADMIN_ROLES,
  credentials: CURATOR_OR_ADMIN_ROLES,
  catalogue: CURATOR_OR_ADMIN_ROLES,
  newConnector: CURATOR_OR_ADMIN_ROLES,
  users: USER_ADMIN_ROLES,
  // D13: admins, and the curators and global curators who control groups.
  groups: CURATOR_OR_ADMIN_ROLES,
  group: CURATOR_OR_ADMIN_ROLES,
  // Anyone may read the sets they see; curators and admins make them.
  documentSets: CURATOR_OR_ADMIN_ROLES,
  activity: USER_ADMIN_ROLES,
  apiKeys: USER_ADMIN_ROLES,
  settings: USER_ADMIN_ROLES,
  // The whole setup, exported and imported.
  configuration: USER_ADMIN_ROLES,
  // Every role may read how the API works.
  apiReference: USER_ROLES,
  // Who one is and what one's role lets one do: a first page for anyone.
  start: USER_ROLES,
} satisfies Partial<Record<keyof typeof paths, readonly UserRole[]>>;

/** Where "/" leads: the first of these the role may open (anyone may open the start page). */
const LANDING_PAGES = [
  'connectors',
  'credentials',
  'users',
  'activity',
  'apiKeys',
  'start',
] as const satisfies readonly (keyof typeof PAGE_ROLES)[];

/** The roles with nothing to administer: the navigation offers them the start page. */
export const NOTHING_TO_ADMINISTER: readonly UserRole[] = USER_ROLES.filter(
  (role) => !CURATOR_OR_ADMIN_ROLES.includes(role),
);

/**
 * The current user, once known; unknown (an older server, or no answer) allows
 * everything. `deciding` while the role is still being asked: a page waits for
 * it, so a role never sends the requests of a page it may not open (each a 403).
 */
export function useAccess() {
  const current = useCurrentUser();
  const user = current.data;
  const may = (roles: readonly UserRole[] | undefined) =>
    !user || !roles || roles.includes(user.role);
  const landing = () => {
    const page = LANDING_PAGES.find((name) => may(PAGE_ROLES[name])) ?? 'start';
    return paths[page].getHref();
  };
  return { user, may, deciding: current.isPending, landing };
}

/** A page of the shell, or in its place what the signed-in role may not open. */
export function PageGate({
  page,
  children,
}: {
  page: keyof typeof PAGE_ROLES;
  children: ReactNode;
}) {
  const { user, may, deciding } = useAccess();
  const roles = PAGE_ROLES[page];
  if (deciding) {
    return (
      <p role="status" className="loading">
        Loading page…
      </p>
    );
  }
  return user && !may(roles) ? <RoleNotice user={user} roles={roles} /> : children;
}

const listWords = (roles: readonly string[]) => {
  const words = roles.map(roleWords);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
};

/** In place of a page the signed-in role may not open. */
export function RoleNotice({ user, roles }: { user: CurrentUser; roles: readonly UserRole[] }) {
  return (
    <section className="page" aria-labelledby="role-notice-title">
      <h1 id="role-notice-title">Your role cannot open this page</h1>
      <p>
        You are signed in as {user.email}, whose role is <strong>{roleWords(user.role)}</strong>.
        This page needs the {listWords(roles)} role.
      </p>
      <p>
        Ask an administrator to change your role on the Users page, or sign out and sign in with
        another key.
      </p>
    </section>
  );
}
