import { RoleForm } from './RoleForm';
import './users.css';

export function UsersPage() {
  return (
    <section className="page" aria-labelledby="users-title">
      <h1 id="users-title">Users and roles</h1>
      <p className="hint">
        Set the role of one user by their e-mail address. Only an administrator may change roles.
      </p>
      <RoleForm />
    </section>
  );
}
