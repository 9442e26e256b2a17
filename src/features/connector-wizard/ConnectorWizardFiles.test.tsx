// @vitest-environment jsdom
// The File source's wizard uploads its files (POST /manage/admin/connector/file/upload)
// through a labelled file input: the limits said first, the files listed by name once
// stored, and the connector made with their locations and names, as Onyx's File form
// sends them; a file the source does not read is refused before anything is sent, with
// focus back on the input.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { FILE_UPLOAD_RULE, ZIP_UPLOAD_RULE } from '../../contract/fileUpload';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { connectTo, renderApp } from '../../test/render';
import { heading, next } from '../../test/wizardSteps';
import { storedZip } from '../../../test/support/zip';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await import('./ConnectorWizardPage');
});
afterAll(() => server.close());

async function connectorNamed(name: string) {
  const response = await fetch(`${server.apiUrl}/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  const all = (await response.json()) as {
    name: string;
    connector_specific_config: Record<string, unknown>;
  }[];
  return all.find((connector) => connector.name === name);
}

/** From the Connection step on, with the schedule's defaults, made without a test: the connector as stored. */
async function createFromConnection(
  user: ReturnType<typeof userEvent.setup>,
  router: ReturnType<typeof renderApp>['router'],
  name: string,
) {
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Review');
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'), {
    timeout: 5_000,
  });
  return connectorNamed(name);
}

test('two files uploaded are listed by name and the connector is made with their locations', async () => {
  connectTo(server);
  const { user, router } = renderApp('/connectors/new/file');
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Handbook files');
  const input = screen.getByLabelText('Upload files');
  expect(input).toHaveAccessibleDescription(FILE_UPLOAD_RULE);
  await user.upload(input, [
    new File(['# Leave\n'], 'leave-policy.md', { type: 'text/markdown' }),
    new File(['hello'], 'notes.txt', { type: 'text/plain' }),
  ]);
  expect(await screen.findByText('Uploaded leave-policy.md, notes.txt')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Files to index' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['leave-policy.md', 'notes.txt']);
  // One removed: it leaves the list with its name.
  await user.click(within(list).getByRole('button', { name: 'Remove notes.txt' }));

  const made = await createFromConnection(user, router, 'Handbook files');
  expect(made?.connector_specific_config).toEqual({
    file_locations: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
    file_names: ['leave-policy.md'],
    zip_metadata_file_id: null,
  });
});

test('a zip picked in the File form is unpacked: its files are listed, not the zip', async () => {
  connectTo(server);
  renderApp('/connectors/new/file');
  await heading('Connection');
  await uploadOne(
    new File(
      [
        storedZip([
          ['site/a.md', 'a'],
          ['site/b.txt', 'b'],
        ]),
      ],
      'export.zip',
      {
        type: 'application/zip',
      },
    ),
  );
  expect(await screen.findByText('Uploaded a.md, b.txt')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Files to index' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['a.md', 'b.txt']);
});

async function uploadOne(file: File) {
  await userEvent.setup().upload(screen.getByLabelText('Upload files'), file);
}

test('a kind of file the source does not read is refused before sending, focus on the input', async () => {
  connectTo(server);
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  renderApp('/connectors/new/file');
  await heading('Connection');
  const input = screen.getByLabelText('Upload files');
  // The input's accept list is a suggestion a browser's "All files" sets aside.
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(input, new File(['MZ'], 'setup.exe'));
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(input).toHaveFocus();
  expect(input).toHaveAccessibleDescription(
    /"setup\.exe" is not a kind of file the File source reads/,
  );
  expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('/file/upload'))).toEqual([]);
  fetchSpy.mockRestore();
});

test('Google Sites takes its exported site as one zip upload: listed by name, sent by location; another kind is refused', async () => {
  connectTo(server);
  const { router } = renderApp('/connectors/new/google_sites');
  await heading('Connection');
  const user = userEvent.setup({ applyAccept: false });
  await user.type(screen.getByLabelText('Name'), 'Handbook site');
  await user.type(
    screen.getByLabelText('Site address'),
    'https://sites.google.com/acme.example/handbook',
  );
  const input = screen.getByLabelText('Upload the zip file');
  expect(input).toHaveAccessibleDescription(ZIP_UPLOAD_RULE);
  await user.upload(input, new File(['<html>'], 'handbook.html'));
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(input).toHaveAccessibleDescription(
    expect.stringContaining('"handbook.html" is not a .zip file'),
  );

  await user.upload(input, new File(['PK\u0003\u0004'], 'takeout-site.zip'));
  expect(await screen.findByText('Uploaded takeout-site.zip')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Zip files' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['takeout-site.zip']);

  const made = await createFromConnection(user, router, 'Handbook site');
  expect(made?.connector_specific_config).toEqual({
    file_locations: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
    base_url: 'https://sites.google.com/acme.example/handbook',
  });
});
