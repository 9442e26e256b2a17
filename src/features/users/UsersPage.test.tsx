// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createUser, findUserByEmail, setUserRole } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { ROLE_MEANINGS, USER_ROLES, type UserRole } from '../../contract/contract';
import { roleWords } from '../../lib/enumWords';
import { seedFleet } from '../../test/fleet';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedFleet(server); // with the users these tests change
  connectTo(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const SET_ROLE = '/api/manage/set-user-role';
const isSetRole = (input: unknown) => new URL(String(input)).pathname === SET_ROLE;

const result = () => screen.getByRole('status', { name: 'Result' });
const roleOf = async (email: string) => (await findUserByEmail(server.store.db, email))?.role;

async function openPage() {
  const view = renderApp('/users');
  await screen.findByRole('heading', { name: 'Users and roles', level: 1 });
  return view;
}

async function setRole(email: string, role: UserRole, { override = false } = {}) {
  const { user } = await openPage();
  await user.type(screen.getByLabelText("User's e-mail"), email);
  await user.click(screen.getByRole('radio', { name: roleWords(role) }));
  if (override) await user.click(screen.getByRole('checkbox', { name: 'Explicit override' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  return user;
}

test('offers the seven roles, each with its meaning, and explains explicit override', async () => {
  await openPage();
  const group = screen.getByRole('group', { name: 'New role' });
  for (const role of USER_ROLES) {
    expect(within(group).getByRole('radio', { name: roleWords(role) })).toHaveAccessibleDescription(
      role === 'curator'
        ? `${ROLE_MEANINGS[role]}. Curators are made on the Groups page.`
        : ROLE_MEANINGS[role],
    );
  }
  expect(screen.getByRole('checkbox', { name: 'Explicit override' })).toHaveAccessibleDescription(
    /Slack user.*setting limited, Slack user or external-permission user directly.*never lets you demote yourself, nor makes a curator/,
  );
  // Roles in words everywhere on the page: the radios, the directory's badges, the header.
  expect(
    within(group).getByRole('radio', { name: 'external-permission user' }),
  ).toBeInTheDocument();
  expect(
    await screen.findByRole('button', { name: /sam\.slack@example\.com Slack user/ }),
  ).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/slack_user|ext_perm_user|global_curator/);
});

test('says what is missing or wrong before anything is sent', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const { user } = await openPage();
  await user.click(screen.getByRole('button', { name: 'Set role' }));

  const email = screen.getByLabelText("User's e-mail");
  expect(email).toHaveAccessibleDescription(/Enter the e-mail address of the user/);
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();
  expect(screen.getByRole('group', { name: 'New role' })).toHaveAccessibleDescription(
    'Choose the new role.',
  );

  await user.type(email, 'lee.basic');
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(email).toHaveAccessibleDescription(/Enter an e-mail address with a local part/);
  expect(fetchSpy.mock.calls.filter(([input]) => isSetRole(input))).toEqual([]);
  expect(result()).toBeEmptyDOMElement();
});

test('an unknown e-mail address: user not found (404)', async () => {
  await setRole('nobody@example.com', 'basic');
  expect(
    await within(result()).findByText(
      /User not found: no user has the e-mail address nobody@example\.com/,
    ),
  ).toBeInTheDocument();
});

test("a refused change shows the server's words and, since it can, offers explicit override", async () => {
  const user = await setRole('sam.slack@example.com', 'basic');
  expect(
    await within(result()).findByText(
      "The server refused the change: “To change a Slack User's role, they must first login via the web app.”",
    ),
  ).toBeInTheDocument();
  expect(within(result()).getByText(/Explicit override passes this rule/)).toBeInTheDocument();
  expect(await roleOf('sam.slack@example.com')).toBe('slack_user');

  // The form kept what was typed: tick the override and send it again.
  await user.click(screen.getByRole('checkbox', { name: 'Explicit override' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(
    await within(result()).findByText('Saved: sam.slack@example.com has the role basic.'),
  ).toBeInTheDocument();
  expect(await roleOf('sam.slack@example.com')).toBe('basic');
});

test('curator: the editor points to the Groups page instead of sending a refused request (D13), even with explicit override, and the keyboard lands on those words', async () => {
  const sent = vi.spyOn(globalThis, 'fetch');
  const user = await setRole('lee.basic@example.com', 'curator');
  const group = screen.getByRole('group', { name: 'New role' });
  expect(group).toHaveAccessibleDescription(/Curators are made on the Groups page/);
  expect(within(group).getByRole('link', { name: 'Groups page' })).toHaveAttribute(
    'href',
    '/groups',
  );
  const refusal = document.getElementById('new-role-error')!;
  await waitFor(() => expect(refusal).toHaveFocus());
  await user.click(screen.getByRole('checkbox', { name: 'Explicit override' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  await waitFor(() => expect(document.getElementById('new-role-error')).toHaveFocus());
  expect(sent.mock.calls.filter(([input]) => isSetRole(input))).toHaveLength(0);
  expect(await roleOf('lee.basic@example.com')).toBe('basic');
});

test('demoting yourself is refused even with explicit override', async () => {
  await setRole(server.adminEmail, 'basic', { override: true });
  expect(
    await within(result()).findByText(/“An admin cannot demote themselves from admin role!”/),
  ).toBeInTheDocument();
  expect(within(result()).getByText(/never allows this/)).toBeInTheDocument();
  expect(within(result()).queryByText(/Explicit override passes/)).not.toBeInTheDocument();
  expect(await roleOf(server.adminEmail)).toBe('admin');
});

test('a role the user already has: saved, and said honestly', async () => {
  await setRole('LEE.BASIC@example.com', 'basic');
  expect(
    await within(result()).findByText('Saved: LEE.BASIC@example.com has the role basic.'),
  ).toBeInTheDocument();
  expect(
    within(result()).getByText('If they already had this role, nothing needed to change.'),
  ).toBeInTheDocument();
});

test('a user chosen in the directory: the result says what changed, or that nothing did', async () => {
  const { user } = await openPage();
  const choose = async () =>
    user.click(
      await screen.findByRole('button', { name: /lee\.basic@example\.com.*change the role/ }),
    );
  await choose();
  await user.click(screen.getByRole('radio', { name: roleWords('basic') }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(
    await within(result()).findByText(
      'lee.basic@example.com already had the role basic: nothing changed.',
    ),
  ).toBeInTheDocument();
  expect(within(result()).queryByText(/If they already had/)).not.toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: roleWords('limited') }));
  await user.click(screen.getByRole('checkbox', { name: 'Explicit override' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(
    await within(result()).findByText('Saved: lee.basic@example.com is now limited (was basic).'),
  ).toBeInTheDocument();
  expect(await roleOf('lee.basic@example.com')).toBe('limited');
});

test('granting admin asks first: Cancel sends nothing, Grant admin saves', async () => {
  const user = await setRole('lee.basic@example.com', 'admin');
  const submit = screen.getByRole('button', { name: 'Set role' });

  let dialog = await screen.findByRole('dialog', { name: 'Grant admin to lee.basic@example.com?' });
  expect(dialog).toHaveAccessibleDescription(/may perform all admin actions/);
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(submit).toHaveFocus();
  expect(result()).toBeEmptyDOMElement();
  expect(await roleOf('lee.basic@example.com')).toBe('basic');

  await user.click(submit);
  dialog = await screen.findByRole('dialog', { name: 'Grant admin to lee.basic@example.com?' });
  await user.click(within(dialog).getByRole('button', { name: 'Grant admin' }));
  expect(
    await within(result()).findByText('Saved: lee.basic@example.com has the role admin.'),
  ).toBeInTheDocument();
  expect(submit).toHaveFocus();
  expect(await roleOf('lee.basic@example.com')).toBe('admin');
});

test('an admin demoted while the page is open is told so when they submit (403)', async () => {
  connectTo(server, await server.keyFor('admin', 'ex.admin@example.com'));
  const { user } = await openPage();
  await screen.findByText('(admin)'); // the shell knows the role the page opened with
  // Another administrator takes the role away meanwhile.
  const demoted = await findUserByEmail(server.store.db, 'ex.admin@example.com');
  await setUserRole(server.store.db, demoted!.id, 'basic');
  await user.type(screen.getByLabelText("User's e-mail"), 'lee.basic@example.com');
  await user.click(screen.getByRole('radio', { name: 'global curator' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(
    await within(result()).findByText(
      /Your role may not do this\. Access denied\. User must be an admin to perform this action\./,
    ),
  ).toBeInTheDocument();
  expect(await roleOf('lee.basic@example.com')).toBe('basic');
});

test("a 422 puts the server's word next to its field", async () => {
  const detail = [
    {
      loc: ['body', 'user_email'],
      msg: 'String should have at most 254 characters',
      type: 'string_too_long',
    },
    { loc: ['body', 'extra'], msg: 'Something else', type: 'value_error' },
  ];
  // The form never sends what the server would refuse, so the fault is injected.
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
    isSetRole(input)
      ? new Response(JSON.stringify({ detail }), { status: 422 })
      : realFetch(input, init),
  );
  await setRole('lee.basic@example.com', 'basic');
  await waitFor(() =>
    expect(screen.getByLabelText("User's e-mail")).toHaveAccessibleDescription(
      /Too long: keep it to 254 characters\./,
    ),
  );
  expect(within(result()).getByText(/did not accept the form/)).toBeInTheDocument();
  expect(within(result()).getByText('body › extra: Something else.')).toBeInTheDocument();
});

test('the button says it is working while the server answers', async () => {
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (isSetRole(input)) await held;
    return realFetch(input, init);
  });
  await setRole('lee.basic@example.com', 'global_curator');
  const button = await screen.findByRole('button', { name: 'Setting the role…' });
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(
    within(result()).getByText('Setting the role of lee.basic@example.com…'),
  ).toBeInTheDocument();

  release();
  expect(await screen.findByRole('button', { name: 'Set role' })).not.toHaveAttribute(
    'aria-disabled',
  );
  expect(await roleOf('lee.basic@example.com')).toBe('global_curator');
});

test('the directory lists users with their roles; choosing one opens the editor on them', async () => {
  const { user } = await openPage();
  const directory = screen.getByRole('region', { name: 'Users' });
  expect(await within(directory).findByText('3 users')).toBeInTheDocument();
  await user.type(within(directory).getByLabelText('Search by e-mail'), 'SAM');
  await within(directory).findByText('1 user matches “SAM”');
  await user.click(
    within(directory).getByRole('button', { name: /sam\.slack@example\.com Slack user/ }),
  );
  await waitFor(() =>
    expect(screen.getByLabelText("User's e-mail")).toHaveValue('sam.slack@example.com'),
  );
});

test('explicit override is untied after a change and when the user or role changes; the grant dialog says when it is on', async () => {
  const user = await setRole('sam.slack@example.com', 'basic', { override: true });
  expect(
    await within(result()).findByText('Saved: sam.slack@example.com has the role basic.'),
  ).toBeInTheDocument();
  const override = screen.getByRole('checkbox', { name: 'Explicit override' });
  expect(override).not.toBeChecked();

  // Ticked, then another user: untied, and the last result is gone.
  await user.click(override);
  const email = screen.getByLabelText("User's e-mail");
  await user.clear(email);
  await user.type(email, 'lee.basic@example.com');
  expect(override).not.toBeChecked();
  expect(result()).toBeEmptyDOMElement();

  // Ticked, then another role: untied too.
  await user.click(override);
  await user.click(screen.getByRole('radio', { name: 'curator' }));
  expect(override).not.toBeChecked();

  // Admin with the override on: the confirmation says so.
  await user.click(screen.getByRole('radio', { name: 'admin' }));
  await user.click(override);
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Grant admin to lee.basic@example.com?',
  });
  expect(dialog).toHaveTextContent('Explicit override is on');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
});

test('a refusal for one user is not left beside the next user, nor in the grant dialog', async () => {
  const user = await setRole('sam.slack@example.com', 'basic');
  expect(await within(result()).findByText(/The server refused the change/)).toBeInTheDocument();
  const email = screen.getByLabelText("User's e-mail");
  await user.clear(email);
  await user.type(email, 'lee.basic@example.com');
  expect(result()).toBeEmptyDOMElement();
  await user.click(screen.getByRole('radio', { name: 'admin' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  expect(await screen.findByRole('dialog')).not.toHaveTextContent(/refused/);
  expect(result()).toBeEmptyDOMElement();
});

test("choosing a user in the directory starts the role radios on that user's current role", async () => {
  const { user } = await openPage();
  const directory = screen.getByRole('region', { name: 'Users' });
  await within(directory).findByText('3 users');
  await user.click(
    within(directory).getByRole('button', { name: /sam\.slack@example\.com Slack user/ }),
  );
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Slack user' })).toBeChecked());
  await user.click(
    within(directory).getByRole('button', { name: /lee\.basic@example\.com basic/ }),
  );
  await waitFor(() => expect(screen.getByRole('radio', { name: 'basic' })).toBeChecked());
  expect(screen.getByRole('radio', { name: 'Slack user' })).not.toBeChecked();
});

test('paging: when Next becomes disabled on the last page, the keyboard goes to Previous', async () => {
  for (let index = 0; index < 10; index++)
    await createUser(
      server.store.db,
      `pager${String(index).padStart(2, '0')}@example.com`,
      'basic',
    );
  const { user } = await openPage();
  const directory = screen.getByRole('region', { name: 'Users' });
  await within(directory).findByText('13 users');
  const next = within(directory).getByRole('button', { name: 'Next page' });
  next.focus();
  await user.keyboard('{Enter}');
  await within(directory).findByText('Page 2 of 2');
  expect(next).toBeDisabled();
  await waitFor(() =>
    expect(within(directory).getByRole('button', { name: 'Previous page' })).toHaveFocus(),
  );
});
