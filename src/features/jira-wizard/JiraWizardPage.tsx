/** Placeholder until this page lands (issue 3). */
export function JiraWizardPage() {
  return <h1>New Jira connector</h1>;
}
