// @vitest-environment jsdom
// Settings → Configuration against a real server: a file chosen
// shows its plan in words, asks for the one secret it needs, and — asked
// first — is applied; each result holds the keyboard.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

const BUNDLE = {
  format_version: 1,
  credentials: [
    {
      ref: 'jira-prod',
      name: 'Jira production',
      source: 'jira',
      credential_json: { jira_user_email: 'bot@acme.example', jira_api_token: null },
    },
  ],
  connectors: [
    {
      ref: 'eng-jira',
      name: 'Engineering Jira',
      source: 'jira',
      input_type: 'poll',
      connector_specific_config: { jira_base_url: 'https://acme.atlassian.net' },
    },
  ],
  pairs: [{ connector: 'eng-jira', credential: 'jira-prod' }],
};

/** Apply… then Apply, once the dialog's dry run with the typed values has answered (Apply waits for it). */
async function applied(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Apply…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply this configuration?' });
  await within(dialog).findByText(/^With the values typed:/);
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  return screen.findByText(/^Applied:/, { selector: '[role="status"]' });
}

test('a file’s plan in words, its secret asked in a password box, applied once confirmed', async () => {
  const { user } = renderApp('/settings/configuration');
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const file = new File([JSON.stringify(BUNDLE)], 'sourcedesk.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('Configuration file'), file);

  const plan = await screen.findByText(/^Plan for sourcedesk.json:/, {
    selector: '[role="status"]',
  });
  expect(plan).toHaveFocus();
  // Counted per kind, each opened on demand; items by name, not by the bundle's refs.
  await user.click(screen.getByText('Create 1 connector'));
  expect(screen.getByText('Create connector “Engineering Jira”')).toBeVisible();
  await user.click(screen.getByText('Not created for want of their values: 1 credential'));
  expect(
    screen.getByText(
      /^Not created: credential “Jira production” \(Jira\) needs API token or personal access token$/,
    ),
  ).toBeVisible();
  expect(screen.queryByText(/jira-prod|eng-jira/)).toBeNull();

  await user.type(
    screen.getByLabelText('Jira production (Jira): API token or personal access token'),
    'typed-secret-token-123',
  );
  await user.click(screen.getByRole('button', { name: 'Apply…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply this configuration?' });
  // What will really happen with the token typed: the credential and its attachment are made.
  expect(
    await within(dialog).findByText(/^With the values typed: 3 to create, 0 to change/),
  ).toBeVisible();
  expect(within(dialog).queryByText(/needing secrets/)).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Apply' }));

  const done = await screen.findByText(/^Applied:/, { selector: '[role="status"]' });
  expect(done).toHaveFocus();
  const list = (await api(server, 'GET', '/manage/admin/connector')).json as {
    name: string;
    credential_ids: number[];
  }[];
  expect(list.map((c) => [c.name, c.credential_ids.length])).toEqual([['Engineering Jira', 1]]);
});

test('the export says what never travels: keys stay on this server', async () => {
  renderApp('/settings/configuration');
  const exporting = await screen.findByRole('region', { name: 'Export' });
  expect(exporting).toHaveTextContent(
    'Keys never travel: API keys, worker keys and the SCIM token stay on this server.',
  );
});

test('a file that is no bundle is said in words, and nothing changes', async () => {
  const { user } = renderApp('/settings/configuration');
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const file = new File(['{"format_version": 2}'], 'future.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('Configuration file'), file);
  const said = await screen.findByText(/made by a newer Sourcedesk \(format 2\)/, {
    selector: '[role="status"]',
  });
  expect(said).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Apply…' })).toBeNull();
});

test('the alert webhook’s address the bundle leaves out is asked in a password box too', async () => {
  const { user } = renderApp('/settings/configuration');
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const bundle = { format_version: 1, alerts: { webhook_origin: 'https://hooks.example.com' } };
  const file = new File([JSON.stringify(bundle)], 'alerts.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('Configuration file'), file);
  await user.click(await screen.findByText('Leave out 1 alert setting'));
  expect(
    screen.getByText(/^Leave out the alert webhook: The webhook at https:\/\/hooks/),
  ).toBeVisible();

  const address = 'https://hooks.example.com/services/typed-in-the-panel';
  const box = screen.getByLabelText(/^Alert webhook address \(at https:\/\/hooks\.example\.com\)/);
  expect(box).toHaveAttribute('type', 'password');
  await user.type(box, address);
  expect(await applied(user)).toHaveFocus();
  const settings = await api(server, 'GET', '/manage/admin/alert-settings');
  expect((settings.json as { webhook_url: string }).webhook_url).toBe(
    'https://hooks.example.com/••••••••',
  );
});

const WITHOUT_VALUES = {
  ...BUNDLE,
  credentials: [
    {
      ...BUNDLE.credentials[0],
      credential_json: { jira_user_email: null, jira_api_token: null },
    },
  ],
};

async function planned(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const file = new File([JSON.stringify(WITHOUT_VALUES)], 'sourcedesk.json', {
    type: 'application/json',
  });
  await user.upload(screen.getByLabelText('Configuration file'), file);
  await screen.findByText(/^Plan for sourcedesk.json:/, { selector: '[role="status"]' });
}

test('an optional value left empty is optional here too: the credential is made and attached', async () => {
  const { user } = renderApp('/settings/configuration');
  await planned(user);
  expect(
    screen.getByLabelText('Jira production (Jira): Account e-mail (Jira Cloud) (optional)'),
  ).toHaveValue('');
  await user.type(
    screen.getByLabelText('Jira production (Jira): API token or personal access token'),
    'typed-secret-token-123',
  );
  expect(await applied(user)).not.toHaveTextContent('Not made');
  const list = (await api(server, 'GET', '/manage/admin/connector')).json as {
    credential_ids: number[];
  }[];
  expect(list.map((c) => c.credential_ids.length)).toEqual([1]);
});

test('a credential not made is named in the result, with why', async () => {
  const { user } = renderApp('/settings/configuration');
  await planned(user);
  const done = await applied(user);
  expect(done).toHaveTextContent(
    'Not made, and why: Not created: credential “Jira production” (Jira) needs API token or personal access token',
  );
  expect(done).toHaveTextContent(/Leave out attachment of “Jira production” to “Engineering Jira”/);
});

test('a broken bundle names each item the server refused, from its loc, and lists every problem', async () => {
  const { user } = renderApp('/settings/configuration');
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const broken = {
    ...BUNDLE,
    connectors: [
      BUNDLE.connectors[0],
      { ...BUNDLE.connectors[0], ref: 'wiki', name: 'Team wiki', source: 'no-such-source' },
      { ...BUNDLE.connectors[0], ref: 'other', name: 'Other', input_type: 'sometimes' },
    ],
  };
  const file = new File([JSON.stringify(broken)], 'broken.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('Configuration file'), file);
  const said = await screen.findByText(/^broken.json cannot be imported: 2 problems in the file/, {
    selector: '[role="status"]',
  });
  expect(said).toHaveFocus();
  const list = screen.getByRole('list', { name: 'Problems in the file' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent(
    'connector 2 (“Team wiki”) › source: not one of the values this server takes.',
  );
  expect(items[1]).toHaveTextContent(/^connector 3 \(“Other”\) › input_type: /);
  // The 58 source ids are not listed at the person.
  expect(list).not.toHaveTextContent('confluence');
});

test('a large plan is counted per kind with separators; a kind’s lines are put on the page only when opened', async () => {
  const many = {
    format_version: 1,
    connectors: Array.from({ length: 1200 }, (_, index) => ({
      ref: `web-${index}`,
      name: `Web ${index}`,
      source: 'web',
      input_type: 'load_state',
      connector_specific_config: {
        base_url: `https://site${index}.example`,
        web_connector_type: 'single',
      },
    })),
  };
  const { user } = renderApp('/settings/configuration');
  await screen.findByRole('heading', { name: 'Configuration', level: 1 });
  const file = new File([JSON.stringify(many)], 'many.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('Configuration file'), file);
  await screen.findByText(
    /^Plan for many.json: 1,200 to create/,
    { selector: '[role="status"]' },
    { timeout: 15_000 },
  );
  const kind = screen.getByText('Create 1,200 connectors');
  expect(screen.queryByText('Create connector “Web 0”')).toBeNull();
  await user.click(kind);
  expect(screen.getByText('Create connector “Web 1199”')).toBeVisible();
});
