// Who is here, and with which role: a searchable, paged list of users (search,
// status and page in the address, so the view can be shared and reloaded).
// Choosing a user opens the role editor on that user; deactivated users are
// marked, and can be shown alone.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AcceptedUser, UserRole } from '../../contract/contract';
import { useUserDirectory } from '../../api/users';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { roleWords } from '../../lib/enumWords';
import { UserGroups } from './UserGroups';
import { countOf, plural } from '../../lib/plural';
import { directoryView, STATUSES, statusOf, type Status } from './directoryLocation';

export function UserDirectory({
  onChoose,
  actions,
}: {
  onChoose: (email: string, role: UserRole, id: string) => void;
  /** What can be done to a listed user besides changing the role. */
  actions?: (user: AcceptedUser) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const { q, status, page, filters } = directoryView(params);
  const users = useUserDirectory(filters);
  const total = users.data?.total_items ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  const go = (next: { q?: string; page?: number; status?: Status }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? 0;
    const nextStatus = next.status ?? status;
    if (nextQ) search.set('q', nextQ);
    if (nextStatus !== 'all') search.set('status', nextStatus);
    if (nextPage > 0) search.set('page', String(nextPage));
    setParams(search, { replace: true });
  };

  return (
    <section aria-labelledby="directory-title" className="user-directory">
      <h2 id="directory-title">Users</h2>
      <div className="field">
        <label htmlFor="user-search">Search by e-mail</label>
        <input
          id="user-search"
          type="search"
          value={q}
          onChange={(event) => go({ q: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="user-status">Show</label>
        <select
          id="user-status"
          value={status}
          onChange={(event) => go({ status: statusOf(event.target.value) })}
        >
          {Object.entries(STATUSES).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {users.isError && <QueryErrorNotice error={users.error} />}
      <p role="status" className="hint">
        {users.isPending
          ? 'Loading users…'
          : users.isLoadingError
            ? // Nothing was read: "0 users" would not be true.
              ''
            : `${countOf(total, status === 'all' ? 'user' : `${STATUSES[status].label.toLowerCase()} user`)}${q ? ` ${plural(total, 'matches', 'match')} “${q}”` : ''}`}
      </p>
      <ul className="user-list">
        {(users.data?.items ?? []).map((user) => (
          <li key={user.id} className="user-item">
            <button
              type="button"
              className="user-row"
              onClick={() => onChoose(user.email, user.role, user.id)}
            >
              <span className="user-email">{user.email}</span>{' '}
              <span className="user-badges">
                {!user.is_active && <span className="role-badge status-off">deactivated</span>}{' '}
                <span className={user.role === 'admin' ? 'role-badge role-admin' : 'role-badge'}>
                  {roleWords(user.role)}
                </span>
              </span>
              <span className="visually-hidden">, change the role</span>
            </button>
            <UserGroups groups={user.groups} />
            {actions?.(user)}
          </li>
        ))}
      </ul>
      <Pager label="Pages of users" page={page} pages={pages} onTurn={(to) => go({ page: to })} />
    </section>
  );
}
