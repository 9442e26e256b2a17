// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { DocumentSource } from '../contract/contract';
import { createCredential } from '../../server/repos/credentials';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { connectTo, renderWithClient } from '../test/render';
import { CredentialPicker, type CredentialPickerProps } from './CredentialPicker';

let server: TestServer;
/** The credentials this file makes for itself, by what they are. */
const ids = { jiraCloud: 0, jiraDc: 0, slack: 0, confluence: 0, github: 0, drive: 0 };
beforeAll(async () => {
  server = await startTestServer();
  const make = (source: DocumentSource, name: string, json: Record<string, string> = {}) =>
    createCredential(server.store.db, server.store.secrets, {
      source,
      name,
      credential_json: { token: 'x'.repeat(40), ...json },
    });
  ids.jiraCloud = await make('jira', 'Jira Cloud — engineering bot');
  ids.jiraDc = await make('jira', 'Jira Data Center — support', {
    authentication_method: 'personal_access_token',
  });
  ids.slack = await make('slack', 'Slack workspace bot');
  ids.confluence = await make('confluence', 'Confluence Cloud');
  ids.github = await make('github', 'GitHub read-only app');
  ids.drive = await make('google_drive', 'Google Drive service account');
});
afterAll(() => server.close());

/** The picker as a page holds it: the value lives outside and comes back in. */
function Harness(props: Partial<CredentialPickerProps> & { initial?: number | null }) {
  const { initial = null, onChange, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <CredentialPicker
      label="Credential"
      {...rest}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange?.(id);
      }}
    />
  );
}

async function renderPicker(props: Parameters<typeof Harness>[0] = {}, key?: string) {
  connectTo(server, key);
  const view = renderWithClient(<Harness {...props} />);
  const input = screen.getByRole('combobox', { name: 'Credential' });
  await waitFor(() => expect(input).toBeEnabled());
  return { ...view, input };
}

const optionNames = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.querySelector('.credential-option-name')?.textContent);

test('typing filters by name, source or id; arrows move; Enter selects', async () => {
  const onChange = vi.fn();
  const { user, input } = await renderPicker({ onChange });
  expect(input).toHaveAttribute('aria-expanded', 'false');

  await user.type(input, 'jira');
  expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(optionNames()).toEqual(['Jira Cloud — engineering bot', 'Jira Data Center — support']);
  expect(input).not.toHaveAttribute('aria-activedescendant');

  await user.keyboard('{ArrowDown}{ArrowDown}');
  const second = screen.getByRole('option', { name: /Jira Data Center/ });
  expect(input).toHaveAttribute('aria-activedescendant', second.id);
  expect(second).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}'); // wraps to the first
  expect(screen.getByRole('option', { name: /Jira Cloud/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await user.keyboard('{ArrowUp}{Enter}');

  expect(onChange).toHaveBeenLastCalledWith(ids.jiraDc);
  expect(input).toHaveValue('Jira Data Center — support');
  expect(input).toHaveAttribute('aria-expanded', 'false');

  await user.clear(input);
  await user.type(input, 'github');
  expect(optionNames()).toEqual(['GitHub read-only app']);
  await user.clear(input);
  await user.type(input, `#${ids.drive}`);
  expect(optionNames()).toEqual(['Google Drive service account']);
});

test('Escape closes the list, a second Escape drops the typed text; a click selects', async () => {
  const onChange = vi.fn();
  const { user, input } = await renderPicker({ onChange, initial: ids.slack });
  expect(input).toHaveValue('Slack workspace bot');

  await user.clear(input);
  await user.type(input, 'conf');
  await user.keyboard('{Escape}');
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).toHaveValue('conf');
  await user.keyboard('{Escape}');
  expect(input).toHaveValue('Slack workspace bot');
  expect(onChange).not.toHaveBeenCalled();

  await user.keyboard('{ArrowDown}'); // opens on the current credential
  expect(screen.getByRole('option', { name: /Slack workspace bot/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await user.click(screen.getByRole('option', { name: /Confluence Cloud/ }));
  expect(onChange).toHaveBeenLastCalledWith(ids.confluence);
  expect(input).toHaveValue('Confluence Cloud');
  expect(input).toHaveFocus();
});

test.each<[DocumentSource, string[]]>([
  ['jira', ['Jira Cloud — engineering bot', 'Jira Data Center — support']],
  ['web', ['Built-in empty credential (no secret)']],
  ['zulip', []],
])('limited to source %s it offers only the credentials that fit', async (source, names) => {
  connectTo(server);
  const { user } = renderWithClient(<Harness source={source} />);
  const input = screen.getByRole('combobox', { name: 'Credential' });
  if (names.length === 0) {
    expect(await screen.findByText('No Zulip credentials yet.')).toBeInTheDocument();
    expect(input).toBeDisabled();
    return;
  }
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  expect(optionNames()).toEqual(names);
});

test('lists every credential with its source, id and masked values, never a secret', async () => {
  const secret = 'glpat-ABCDEFGHIJKLMNOPQRSTUVWXYZ-COzK';
  await createCredential(server.store.db, server.store.secrets, {
    source: 'gitlab',
    name: 'GitLab group token',
    credential_json: { gitlab_access_token: secret, gitlab_url: 'https://gitlab.example' },
  });
  const { user, input } = await renderPicker({ allowAll: true });
  await user.click(input);

  const names = optionNames();
  expect(names.slice(0, 3)).toEqual([
    'All credentials',
    'Built-in empty credential (no secret)',
    'Jira Cloud — engineering bot',
  ]);
  const gitlab = screen.getByRole('option', { name: /GitLab group token/ });
  expect(gitlab).toHaveTextContent('GitLab · #');
  expect(gitlab).toHaveTextContent('Access token: glpa...COzK');
  expect(gitlab).toHaveTextContent('GitLab address: http...mple');
  expect(screen.getByRole('option', { name: /Jira Data Center/ })).toHaveTextContent(
    'authentication_method: personal_access_token',
  );
  expect(document.body.textContent).not.toContain(secret);

  await user.click(screen.getByRole('option', { name: 'All credentials' }));
  expect(input).toHaveValue('All credentials');
});

test('description and error message describe the input', async () => {
  await renderPicker({ description: 'Used to read Jira', errorMessage: 'Choose a credential' });
  const input = screen.getByRole('combobox', { name: 'Credential' });
  expect(input).toHaveAccessibleDescription('Used to read Jira Choose a credential.');
  expect(input).toHaveAttribute('aria-invalid', 'true');
});

test('a role that may not list credentials reads why, in the picker', async () => {
  connectTo(server, await server.keyFor('basic'));
  renderWithClient(<Harness />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
  expect(screen.getByRole('combobox', { name: 'Credential' })).toBeDisabled();
});

test('emptying the box and pressing Enter means all credentials; the list shows that', async () => {
  const onChange = vi.fn();
  const { user, input } = await renderPicker({ onChange, allowAll: true, initial: ids.slack });
  await user.clear(input);
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(input).toHaveValue('All credentials');
  expect(screen.queryByRole('button', { name: /Clear credential/ })).not.toBeInTheDocument();
});

test('text that matches nothing and Enter keep the choice in effect, and the box says which', async () => {
  const onChange = vi.fn();
  const { user, input } = await renderPicker({ onChange, allowAll: true, initial: ids.slack });
  await user.clear(input);
  await user.type(input, 'no such credential');
  expect(screen.getByRole('status')).toHaveTextContent('No credential matches');
  await user.keyboard('{Enter}');
  expect(onChange).not.toHaveBeenCalled();
  expect(input).toHaveValue('Slack workspace bot');
});

test('a clear button (×) goes back to all credentials', async () => {
  const onChange = vi.fn();
  const { user } = await renderPicker({ onChange, allowAll: true, initial: ids.slack });
  await user.click(screen.getByRole('button', { name: 'Clear credential: show all credentials' }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(screen.getByRole('combobox', { name: 'Credential' })).toHaveValue('All credentials');
});

test('options are in the page only while the list is open', async () => {
  const { user } = await renderPicker();
  const input = screen.getByRole('combobox', { name: 'Credential' });
  expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
  await user.click(input);
  expect((await screen.findAllByRole('option')).length).toBeGreaterThan(1);
  await user.keyboard('{Escape}');
  expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
});
