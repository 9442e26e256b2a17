// @vitest-environment jsdom
// Indexing in the panel (D14), against the real server with the test as the
// worker: the list's Last indexed and Documents columns and its honest health
// words; the connector page's Run now, runs table, a run's errors with the
// failing document's link, the documents searched by title, and Cancel.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { claim, doc, jiraPair, jobPath, makeWorkerKey } from '../../../test/support/workers';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let key: string;
let connectorId: number;
beforeEach(async () => {
  server = await startTestServer();
  key = await makeWorkerKey(server);
  ({ connectorId } = await jiraPair(server, { name: 'Jira ENG' }));
  connectTo(server);
});
afterEach(() => server.close());

test('the list says Not reported and Waiting for a worker until a worker reports; then Indexing and the documents', async () => {
  await api(server, 'POST', '/manage/admin/connector/run-once', {
    body: { connector_id: connectorId },
  });
  const first = renderApp('/connectors');
  const row = (await screen.findByRole('link', { name: 'Jira ENG' }, { timeout: 15_000 })).closest(
    'tr',
  )!;
  expect(await within(row).findByText('Waiting for a worker')).toBeInTheDocument();
  expect(within(row).getByText('Not reported')).toBeInTheDocument();
  first.unmount();

  await api(server, 'PUT', '/manage/worker/check-in', { key, body: { worker_id: 'w-1' } });
  const job = (await claim(server, key))!;
  await api(server, 'POST', jobPath(job.id, 'documents'), {
    key,
    body: { upsert: [doc(1), doc(2)] },
  });
  renderApp('/connectors');
  const again = (
    await screen.findByRole('link', { name: 'Jira ENG' }, { timeout: 15_000 })
  ).closest('tr')!;
  expect(await within(again).findByText('Indexing')).toBeInTheDocument();
  expect(within(again).getByText('2')).toBeInTheDocument();
});

test('the connector page: Run now says what was queued; the runs table, a run’s errors, the documents by title, Cancel', async () => {
  const { user } = renderApp(`/connectors/${connectorId}`);
  await screen.findByRole('heading', { name: 'Jira ENG', level: 1 }, { timeout: 15_000 });
  expect(await screen.findByText('No worker has reported for this connector yet.')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Run now' }));
  const said = await screen.findByText(/Queued 1 index run .* wait/, {
    selector: '[role="status"]',
  });
  await waitFor(() => expect(said).toHaveFocus());
  expect(await screen.findByText('Waiting for a worker', { selector: 'td' })).toBeVisible();
  expect(screen.getByText(/No worker is online/)).toBeVisible();

  const job = (await claim(server, key))!;
  await api(server, 'POST', jobPath(job.id, 'documents'), {
    key,
    body: { upsert: [doc(1, 'Login fails on Safari'), doc(2, 'Billing export')] },
  });
  await api(server, 'POST', jobPath(job.id, 'errors'), {
    key,
    body: {
      errors: [
        {
          document_id: 'ENG-9',
          document_link: 'https://acme.atlassian.net/browse/ENG-9',
          failure_message: 'HTTP 500 from Jira',
        },
      ],
    },
  });
  await api(server, 'PUT', jobPath(job.id, 'finish'), {
    key,
    body: { status: 'completed_with_errors' },
  });
  // Another run asked for and canceled while it waits.
  await user.click(screen.getByRole('button', { name: 'Run now' }));
  await screen.findByText(
    `Queued 1 index run (job ${job.id + 1}); it waits for a worker to claim it.`,
  );
  await user.click(await screen.findByRole('button', { name: `Cancel run ${job.id + 1}` }));
  expect(await screen.findByText('Canceled', { selector: 'td' })).toBeVisible();

  const done = await screen.findByText('Completed with errors', { selector: 'td' });
  const runRow = done.closest('tr')!;
  expect(within(runRow).getByText('2', { selector: '[data-label="Total"]' })).toBeVisible();
  await user.click(within(runRow).getByRole('button', { name: `Errors of run ${job.id}` }));
  const errors = await screen.findByRole('region', { name: `Errors of run ${job.id}` });
  expect(await within(errors).findByText(/HTTP 500 from Jira/)).toBeVisible();
  expect(within(errors).getByRole('link', { name: 'ENG-9' })).toHaveAttribute(
    'href',
    'https://acme.atlassian.net/browse/ENG-9',
  );

  await user.type(screen.getByLabelText('Search documents by title'), 'safari');
  const documents = screen.getByRole('region', { name: /^Documents with credential/ });
  expect(await within(documents).findByText('1 documents.')).toBeVisible();
  expect(within(documents).getByRole('link', { name: 'Login fails on Safari' })).toBeVisible();
  expect(within(documents).queryByText('Billing export')).toBeNull();
});

test('a paused connector: Run now, Complete re-index and Prune now are disabled and say why; pressing one asks nothing', async () => {
  await api(server, 'PATCH', `/manage/admin/connector/${connectorId}`, {
    body: { status: 'PAUSED' },
  });
  const { user } = renderApp(`/connectors/${connectorId}`);
  await screen.findByRole('heading', { name: 'Jira ENG', level: 1 }, { timeout: 15_000 });
  const why =
    'Connector “Jira ENG” is paused: it runs nothing, on demand either. Resume it to run or prune it.';
  for (const name of ['Run now', 'Complete re-index', 'Prune now']) {
    const button = screen.getByRole('button', { name });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(why);
  }
  await user.click(screen.getByRole('button', { name: 'Run now' }));
  await user.click(screen.getByRole('button', { name: 'Complete re-index' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await server.store.db.selectFrom('sync_jobs').select('id').execute()).toEqual([]);
});
