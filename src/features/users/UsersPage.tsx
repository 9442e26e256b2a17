/** Placeholder until this page lands (issue 3). */
export function UsersPage() {
  return <h1>Users and roles</h1>;
}
