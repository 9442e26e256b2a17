// @vitest-environment jsdom
// The wizard of each catalogue source as a person meets it: names
// that tell controls apart, defaults that pass, typed words quoted as typed.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE_SOURCES } from '../../contract/sources/catalogue';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { connectTo, renderApp } from '../../test/render';
import { heading, next } from '../../test/wizardSteps';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The route's module, compiled before the first test (a busy machine takes seconds).
  await import('./ConnectorWizardPage');
});
afterAll(() => server.close());

function open(path: string) {
  connectTo(server);
  return renderApp(path);
}

const CONTROL_ROLES = ['textbox', 'button', 'checkbox', 'radio', 'combobox', 'link'] as const;

describe.each(CATALOGUE_SOURCES)('%s', (source) => {
  test('no two controls of the first step are named alike', async () => {
    open(`/connectors/new/${source}`);
    await heading('Connection');
    const form = within(screen.getByRole('form'));
    // Testing Library hands a name matcher each control's computed accessible name.
    const names: string[] = [];
    for (const role of CONTROL_ROLES) {
      form.queryAllByRole(role, { name: (name) => names.push(name) > 0 });
    }
    expect(names).toContain('Next');
    const alike = names.flatMap((name, index) =>
      names
        .slice(index + 1)
        .filter((other) => namedAlike(name, other))
        .map((other) => `${name} / ${other}`),
    );
    expect(alike).toEqual([]);
  });
});

/** The same words, singular or plural alike: "Object type" and "Object types". */
function namedAlike(a: string, b: string) {
  const words = (text: string) => text.toLowerCase().replace(/s\b/g, '');
  return words(a) === words(b);
}

test('Google Drive: the first Next with a name only goes on (a default way of indexing is ticked)', async () => {
  const { user } = open('/connectors/new/google_drive');
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Drive');
  await next(user);
  await heading('Schedule');
});

test('an item typed but not added is quoted as typed in the words that stop Next', async () => {
  const { user } = open('/connectors/new/slack');
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Chat');
  const channel = screen.getByRole('textbox', { name: 'Channel name' });
  await user.type(channel, 'eng');
  await next(user);
  expect(channel).toHaveAccessibleDescription(/^“eng” is not in the list yet/);
});

test('Google Drive: the service account key is chosen as a file, read here, and never shown', async () => {
  const { user } = open('/connectors/new/google_drive?step=credential');
  await user.click(await screen.findByRole('button', { name: 'New Google Drive credential' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Google Drive credential' });
  const key = JSON.stringify({
    type: 'service_account',
    client_email: 'indexer@acme.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----\n',
  });
  await user.type(within(dialog).getByLabelText('Name'), 'Drive indexer');
  await user.upload(
    within(dialog).getByLabelText('Key file'),
    new File([key], 'acme-key.json', { type: 'application/json' }),
  );
  expect(
    await within(dialog).findByText(
      'Key loaded: indexer@acme.iam.gserviceaccount.com (from acme-key.json).',
    ),
  ).toBeInTheDocument();
  // The pasted-key box is masked, and no box or text on the page shows the key.
  expect(within(dialog).getByLabelText('Or paste the key')).toHaveAttribute('type', 'password');
  expect(document.body.textContent).not.toContain('PRIVATE KEY');
  await user.type(within(dialog).getByLabelText('Primary admin e-mail'), 'admin@acme.example');
  await user.click(within(dialog).getByRole('button', { name: 'Save credential' }));
  expect(
    await screen.findByText('Credential “Drive indexer” was saved and chosen.'),
  ).toBeInTheDocument();
  const saved = await fetch(`${server.apiUrl}/manage/admin/credential`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  // Saved with the file's key (the server checks it is a service account's).
  const credentials = (await saved.json()) as { name: string | null }[];
  expect(credentials.map((c) => c.name)).toContain('Drive indexer');
});
