// @vitest-environment jsdom
// A File connector's page lists the files it names, with their sizes, as the
// server keeps them; a connector of another source has no Files section.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { FILE_UPLOAD_PATH } from '../../contract/fileUpload';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

test("a File connector's page lists its files with their sizes", async () => {
  const form = new FormData();
  form.append('files', new Blob(['# Leave\n']), 'policy.md');
  form.append('files', new Blob(['x'.repeat(2048)]), 'notes.txt');
  const uploaded = (await api(server, 'POST', FILE_UPLOAD_PATH, { form })).json as {
    file_paths: string[];
    file_names: string[];
  };
  const id = await createConnector(server, {
    name: 'Handbook files',
    source: 'file',
    input_type: 'load_state',
    connector_specific_config: {
      file_locations: uploaded.file_paths,
      file_names: uploaded.file_names,
    },
  });
  connectTo(server);
  renderApp(`/connectors/${id}`);
  const files = await screen.findByRole('region', { name: 'Files' });
  const items = await within(files).findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^policy\.md 8 bytes, uploaded /),
    expect.stringMatching(/^notes\.txt 2 KiB, uploaded /),
  ]);
  // The settings name the files as they were uploaded, not by their stored locations.
  const settings = screen.getByText('Files (optional)', { selector: 'dt' }).nextElementSibling!;
  expect(
    within(settings as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['policy.md', 'notes.txt']);
  expect(screen.queryByText('file_names', { selector: 'dt' })).not.toBeInTheDocument();
});

test('a connector of a source without files has no Files section', async () => {
  const id = await createConnector(server, { ...plainRequest('web'), name: 'Docs site' });
  connectTo(server);
  renderApp(`/connectors/${id}`);
  expect(await screen.findByRole('heading', { name: 'Docs site', level: 1 })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Files' })).not.toBeInTheDocument();
});
