// The first page of someone with nothing to administer (a basic user, an
// invitee): who they are signed in as, what their role lets them do here, and
// whom to ask for more. The API does not let them read who the admins are
// (the users' list is an admin's), so the page says where to ask, not whom.
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../api/users';
import { ROLE_MEANINGS } from '../../contract/roles';
import { roleWords } from '../../lib/enumWords';
import { paths } from '../../lib/paths';

export function StartPage() {
  const { data: user } = useCurrentUser();
  return (
    <section className="page" aria-labelledby="start-title">
      <h1 id="start-title">Welcome to Sourcedesk</h1>
      {user ? (
        <>
          <p>
            You are signed in as <strong>{user.email}</strong> ({roleWords(user.role)}). Sourcedesk
            is where admins connect sources, such as Jira or Google Drive, and choose who sees them;
            a {roleWords(user.role)} user {ROLE_MEANINGS[user.role]}.
          </p>
          <h2>What you can do here</h2>
          <ul>
            <li>
              Read <Link to={paths.apiReference.getHref()}>the API reference</Link>: how the service
              works, for scripts and integrations.
            </li>
            <li>
              {user.groups.length === 0
                ? 'You belong to no group yet.'
                : `You belong to ${user.groups.length === 1 ? 'group' : 'groups'} ${user.groups.map((group) => group.name).join(', ')}: the connectors private to ${user.groups.length === 1 ? 'it' : 'them'} are searched for you.`}
            </li>
          </ul>
          <h2>For more</h2>
          <p>
            Ask an administrator of Sourcedesk (whoever invited you, or your IT team): they can make
            you a curator of a group, to administer its connectors, or give you another role. Your
            next sign-in then shows what the new role lets you do.
          </p>
        </>
      ) : (
        <p role="status">Loading who you are…</p>
      )}
    </section>
  );
}
