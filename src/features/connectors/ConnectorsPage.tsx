/** Placeholder until this page lands (issue 3). */
export function ConnectorsPage() {
  return <h1>Connectors</h1>;
}
