// D15 on the worker's road: the server tells the worker, with the credential,
// the origins it approved for that credential and connector (the fixed host as
// the server's own SOURCEDESK_SOURCE_API_HOSTS points it), and the worker sends
// the credential nowhere else. A worker whose setting points GitHub at another
// address (here a listener on 127.0.0.1 that must see no connection at all)
// fails the job in words naming the refused origin and the approved one.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, madeCredential, plainRequest } from '../support/http';
import { manyItems, startFakeGitHub } from '../support/fakeSources/fakeGitHub';
import type { FakeServer } from '../support/fakeSources/fakeServer';
import { finished, startWorker, type RunningWorker } from '../support/workerRun';
import { makeWorkerKey, runOnce } from '../support/workers';

let server: TestServer | null = null;
let fake: FakeServer | null = null;
let worker: RunningWorker | null = null;
let listener: Server | null = null;

afterEach(async () => {
  await worker?.stop();
  await fake?.close();
  await server?.close();
  await new Promise((resolve) => (listener ? listener.close(resolve) : resolve(null)));
  worker = null;
  fake = null;
  server = null;
  listener = null;
});

/** A TCP listener on 127.0.0.1 that counts the connections it is offered. */
async function countingListener() {
  const seen = { connections: 0 };
  const net = createServer((socket) => {
    seen.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve));
  listener = net;
  const port = (net.address() as { port: number }).port;
  return { seen, origin: `http://127.0.0.1:${port}` };
}

describe('the worker sends a credential only where the server approved it (D15)', () => {
  it('a worker pointing GitHub elsewhere than the server fails the job in words; nothing reaches that host', async () => {
    const github = await startFakeGitHub({
      owner: 'acme',
      token: 'ghp_secret_token_value',
      repos: { api: manyItems(3) },
    });
    fake = github;
    const elsewhere = await countingListener();
    server = await startTestServer({
      sync: { checkInIntervalSeconds: 1, schedulerIntervalSeconds: 0 },
      connectionTest: { hosts: { github: github.origin } },
    });
    const connectorId = await createConnector(
      server,
      plainRequest('github', {
        connector_specific_config: { repo_owner: 'acme', repositories: 'api' },
      }),
    );
    const credentialId = await madeCredential(server, 'github', {
      github_access_token: 'ghp_secret_token_value',
    });
    const attached = await attach(server, connectorId, credentialId);
    expect(attached.status, attached.text).toBe(200);
    const pairId = (attached.json as { data: number }).data;
    worker = startWorker(server, await makeWorkerKey(server), {
      hosts: { github: elsewhere.origin },
    });

    const job = await finished(server, pairId, (await runOnce(server, connectorId))[0]!);
    const approved = github.origin;
    expect(job.status).toBe('failed');
    expect(job.error_msg).toContain(`Nothing was sent to ${elsewhere.origin}`);
    expect(job.error_msg).toContain(`approved this credential only for ${approved}`);
    expect(job.error_msg).toContain('SOURCEDESK_SOURCE_API_HOSTS');
    expect(elsewhere.seen.connections).toBe(0);
    expect(github.seen).toHaveLength(0);
    expect(worker.lines.join('\n')).not.toContain('ghp_secret_token_value');

    // The same worker, pointed where the server approves, reads the source.
    await worker.stop();
    worker = startWorker(server, await makeWorkerKey(server), {
      hosts: { github: github.origin },
    });
    const next = await finished(server, pairId, (await runOnce(server, connectorId))[0]!);
    expect(next).toMatchObject({ status: 'success', total_docs_indexed: 3 });
    expect((await api(server, 'GET', `/manage/admin/cc-pair/${pairId}/documents`)).status).toBe(
      200,
    );
  });
});
