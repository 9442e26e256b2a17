// A test is a worker (D14): it makes a worker key through the admins' route
// and speaks the worker protocol over real HTTP, as any worker would.
import type { ClaimedJob } from '../../src/contract/sync';
import type { TestServer } from './harness';
import { api, attach, createConnector, jiraRequest, madeCredential } from './http';

export async function makeWorkerKey(server: TestServer, name = 'test worker'): Promise<string> {
  const made = await api(server, 'POST', '/manage/admin/worker-key', { body: { name } });
  if (made.status !== 200) throw new Error(`worker key: ${made.status} ${made.text}`);
  return (made.json as { key: string }).key;
}

/** A Jira connector made and attached by the admin (who made both, so D15 approves its origin). */
export async function jiraPair(
  server: TestServer,
  overrides: Parameters<typeof jiraRequest>[0] = {},
) {
  const connectorId = await createConnector(
    server,
    jiraRequest({ refresh_freq: null, prune_freq: null, ...overrides }),
  );
  const credentialId = await madeCredential(server, 'jira', {
    jira_user_email: 'bot@acme.example',
    jira_api_token: 'jira-secret-token-value',
  });
  const attached = await attach(server, connectorId, credentialId);
  if (attached.status !== 200) throw new Error(`attach: ${attached.status} ${attached.text}`);
  const pairId = (attached.json as { data: number }).data;
  return { connectorId, credentialId, pairId };
}

/** Asks for an index run of the connector; the queued job ids. */
export async function runOnce(server: TestServer, connectorId: number, fromBeginning = false) {
  const answer = await api(server, 'POST', '/manage/admin/connector/run-once', {
    body: { connector_id: connectorId, from_beginning: fromBeginning },
  });
  if (answer.status !== 200) throw new Error(`run-once: ${answer.status} ${answer.text}`);
  return (answer.json as { data: number[] }).data;
}

export async function claim(server: TestServer, key: string, workerId = 'worker-1') {
  const answer = await api(server, 'POST', '/manage/worker/jobs/claim', {
    key,
    body: { worker_id: workerId },
  });
  if (answer.status === 204) return null;
  if (answer.status !== 200) throw new Error(`claim: ${answer.status} ${answer.text}`);
  return answer.json as ClaimedJob;
}

export const jobPath = (id: number, part: string) => `/manage/worker/jobs/${id}/${part}`;

export const doc = (n: number, title = `Document ${n}`) => ({
  document_id: `DOC-${n}`,
  semantic_identifier: title,
  link: `https://acme.atlassian.net/browse/DOC-${n}`,
  updated_at: '2026-01-01T00:00:00Z',
});
