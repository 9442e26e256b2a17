// User groups (D13): an admin makes groups and chooses their members; whoever
// controls a group (its curators, a global curator among its members, an
// admin) makes members curators of it. Curators are made here, not in the
// role editor.
import { useState } from 'react';
import { useGroups } from '../../api/groupHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { useCurrentUser } from '../../api/users';
import { GroupCard } from './GroupCard';
import { NewGroupForm } from './NewGroupForm';
import './groups.css';

export function GroupsPage() {
  const { data: user } = useCurrentUser();
  const groups = useGroups();
  const [said, setSaid] = useState('');
  const isAdmin = user?.role === 'admin';
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
      {groups.isPending ? (
        <p role="status">Loading groups…</p>
      ) : groups.isError ? (
        <QueryErrorNotice error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <p>{isAdmin ? 'No groups yet: make the first one above.' : 'You administer no group.'}</p>
      ) : (
        groups.data.map((group) => (
          <GroupCard key={group.id} group={group} me={user?.id} isAdmin={isAdmin} say={setSaid} />
        ))
      )}
    </section>
  );
}
