// One group's own page (D13): its card alone, at an address that can be shared.
// Deleting it goes back to the list, which says so.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useGroup } from '../../api/groupHooks';
import { useCurrentUser } from '../../api/users';
import { ActionMessage } from '../../components/ActionMessage';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { parseIntegerText } from '../../contract/endpointPaths';
import { paths } from '../../lib/paths';
import { GroupCard } from './GroupCard';
import './groups.css';

export function GroupPage() {
  const id = parseIntegerText(useParams().groupId ?? '');
  return id === null ? <NoSuchGroup /> : <OneGroup id={id} />;
}

function NoSuchGroup() {
  return (
    <section className="page" aria-labelledby="group-title">
      <h1 id="group-title">No such group</h1>
      <p>
        This address names no group you administer.{' '}
        <Link to={paths.groups.getHref()}>All groups</Link>
      </p>
    </section>
  );
}

function OneGroup({ id }: { id: number }) {
  const { data: user } = useCurrentUser();
  const group = useGroup(id);
  const navigate = useNavigate();
  const [said, setSaid] = useState('');
  if (group.error instanceof ApiError && group.error.status === 404) return <NoSuchGroup />;
  return (
    <section className="page">
      <p>
        <Link to={paths.groups.getHref()}>All groups</Link>
      </p>
      {group.isPending ? (
        <p role="status">Loading the group…</p>
      ) : group.isError ? (
        <QueryErrorNotice error={group.error} onRetry={() => void group.refetch()} />
      ) : (
        <>
          <ActionMessage words={said} />
          <GroupCard
            group={group.data}
            me={user?.id}
            isAdmin={user?.role === 'admin'}
            say={setSaid}
            own
            onDeleted={(words) => void navigate(paths.groups.getHref(), { state: { said: words } })}
          />
        </>
      )}
    </section>
  );
}
