import { useRef, useState } from 'react';
import type { UserRole } from '../../contract/contract';
import { RecentChanges } from '../../components/RecentChanges';
import { useScimManaged } from '../../api/scimHooks';
import { InvitedList } from './InvitedList';
import { InviteForm } from './InviteForm';
import { RoleForm } from './RoleForm';
import { UserDirectory } from './UserDirectory';
import { UsersCsvButton } from './UsersCsvButton';
import { UserLifeButtons, useUserLife } from './UserLife';
import './users.css';

export function UsersPage() {
  const [chosen, setChosen] = useState<{ email: string; role?: UserRole; id?: string }>({
    email: '',
  });
  const editor = useRef<HTMLDivElement>(null);
  const life = useUserLife();
  // The people the identity provider manages (SCIM): their row says so.
  const managed = useScimManaged();
  return (
    <section className="page" aria-labelledby="users-title">
      <h1 id="users-title">Users and roles</h1>
      <p className="hint">
        Choose a user in the list, or type their e-mail address, to set their role. Only an
        administrator may change roles, invite, deactivate, reactivate or delete users.
      </p>
      <InviteForm />
      <InvitedList />
      <UsersCsvButton />
      <UserDirectory
        onChoose={(email, role, id) => {
          setChosen({ email, role, id });
          // The editor starts over on the chosen user; focus goes to it.
          requestAnimationFrame(() => editor.current?.querySelector('input')?.focus());
        }}
        actions={(user) => (
          <UserLifeButtons
            user={user}
            onAsk={life.ask}
            managed={managed.data?.has(user.id) ?? false}
          />
        )}
      />
      {life.view}
      <div ref={editor}>
        <h2>Set a role</h2>
        <RoleForm key={chosen.email} email={chosen.email} role={chosen.role} />
        {chosen.id ? (
          <RecentChanges
            resourceType="user"
            resourceId={chosen.id}
            name={chosen.email}
            noun="user"
          />
        ) : null}
      </div>
    </section>
  );
}
