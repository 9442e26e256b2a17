// User groups (D13): an admin makes groups and chooses their members; whoever
// controls a group (its curators, a global curator among its members, an
// admin) makes members curators of it. Curators are made here, not in the
// role editor. A thousand groups are not one page: the server finds them by
// name and answers a page at a time (search and page in the address); each
// group has its own page too.
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useGroupPage } from '../../api/groupHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { SearchField } from '../../components/SearchField';
import { useCurrentUser } from '../../api/users';
import { countOf, plural } from '../../lib/plural';
import { GroupCard } from './GroupCard';
import { NewGroupForm } from './NewGroupForm';
import './groups.css';

/** Groups a page: each card holds its members and connectors. */
export const GROUPS_PAGE_SIZE = 10;

export function GroupsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const groups = useGroupPage({ q, page, pageSize: GROUPS_PAGE_SIZE });
  // A group's own page that deleted it hands its words here.
  const handed = (useLocation().state as { said?: string } | null)?.said ?? '';
  const [said, setSaid] = useState(handed);
  const isAdmin = user?.role === 'admin';
  const total = groups.data?.total_items ?? 0;
  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) search.set('q', nextQ);
    if (next.page) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return (
    <section className="page" aria-labelledby="groups-title">
      <h1 id="groups-title">Groups</h1>
      <p className="hint">
        A group’s curators administer the connectors private to it and choose its curators; an admin
        administers every group. Tick “Curator” beside a member to make them one: a basic user who
        curates a group becomes a curator.
      </p>
      {isAdmin ? (
        <NewGroupForm
          onMade={(name) => setSaid(`Group ${name} created.`)}
          onRefused={() => setSaid('')}
        />
      ) : null}
      <ActionMessage words={said} />
      <SearchField
        id="group-search"
        label="Search groups by name"
        value={q}
        onSearch={(text) => go({ q: text })}
      />
      {groups.isPending ? (
        <p role="status">Loading groups…</p>
      ) : groups.isError ? (
        <QueryErrorNotice error={groups.error} onRetry={() => void groups.refetch()} />
      ) : total === 0 && !q ? (
        <p>{isAdmin ? 'No groups yet: make the first one above.' : 'You administer no group.'}</p>
      ) : (
        <>
          <p role="status" className="hint">
            {countOf(total, 'group')}
            {q ? ` ${plural(total, 'matches', 'match')} “${q}”` : ''}
            {total === 0 ? '.' : ''}
          </p>
          {groups.data.items.map((group) => (
            <GroupCard key={group.id} group={group} me={user?.id} isAdmin={isAdmin} say={setSaid} />
          ))}
          <Pager
            label="Pages of groups"
            page={page}
            pages={Math.max(1, Math.ceil(total / GROUPS_PAGE_SIZE))}
            onTurn={(to) => go({ page: to })}
          />
        </>
      )}
    </section>
  );
}
