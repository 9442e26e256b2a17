// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { insertConnector, insertPair } from '../../../server/repos/connectors';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { FLEET_LISTED, seedFleet } from '../../test/fleet';
import { connectTo, renderApp } from '../../test/render';

// jsdom lays nothing out: give the table's scroll area a height (and room to
// scroll) and each row one, and let scrollTo move it, so the virtualizer works
// as in a browser.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(100_000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as Element['scrollTo'];
});

// The route's modules, compiled before the first test (a busy machine takes seconds).
beforeAll(async () => {
  await import('./ConnectorsPage');
  await import('./VirtualRows');
});

// Each test has a server of its own: several of them change the data.
let server: TestServer;
let fleet: Awaited<ReturnType<typeof seedFleet>>;
beforeEach(async () => {
  server = await startTestServer();
  fleet = await seedFleet(server);
});
afterEach(() => server.close());

const table = () => screen.findByRole('table', { name: /^Connectors/ });
async function rowNames() {
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1);
  // The first cell holds the selection box; the name is the second.
  return rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent);
}
const ALL_LISTED = FLEET_LISTED;

test('lists the finished connectors in human units and counts the unfinished one', async () => {
  connectTo(server);
  renderApp('/connectors');
  expect(await screen.findByRole('heading', { name: 'Connectors', level: 1 })).toBeInTheDocument();
  expect(await rowNames()).toEqual(ALL_LISTED);
  expect(screen.queryByRole('cell', { name: 'Mobile Jira' })).not.toBeInTheDocument();

  const headers = within(await table()).getAllByRole('columnheader');
  expect(headers.map((header) => header.textContent?.replace(/[▲▼↕]/, ''))).toEqual([
    '', // the first column holds the selection boxes (as every list does), named by their labels
    'Name',
    'Health',
    'Last indexed',
    'Documents',
    'Source',
    'Input type',
    'Refresh',
    'Prune',
    'Credentials',
    'Created',
    'Updated',
  ]);
  const firstCell = within(screen.getByRole('row', { name: /^Engineering Jira/ })).getAllByRole(
    'cell',
  )[0]!;
  expect(
    within(firstCell).getByRole('checkbox', { name: 'Select Engineering Jira' }),
  ).toBeInTheDocument();
  const jira = screen.getByRole('row', { name: /^Engineering Jira/ });
  const jiraCredential = `Jira Cloud — engineering bot (#${fleet.credentials.jiraCloud})`;
  // The credentials' names come with their own query, which may answer after the rows.
  expect(await within(jira).findByRole('cell', { name: jiraCredential })).toBeInTheDocument();
  for (const text of ['Jira', 'Polled for changes', 'every hour', 'every day', jiraCredential]) {
    expect(within(jira).getByRole('cell', { name: text })).toBeInTheDocument();
  }
  const policies = screen.getByRole('row', { name: /^Uploaded policies/ });
  expect(within(policies).getAllByRole('cell', { name: 'never' })).toHaveLength(2);
  expect(
    within(policies).getByRole('cell', { name: /Built-in empty credential/ }),
  ).toBeInTheDocument();
  expect(screen.getByText('1 connector is not finished.')).toHaveAttribute('role', 'status');
  // The count is on the page, not only in the table's hidden caption (#9).
  expect(screen.getByText(`${ALL_LISTED.length} connectors.`)).toBeVisible();
});

test('the credential filter comes from the URL and goes back into it', async () => {
  connectTo(server);
  const { user, router } = renderApp(`/connectors?credential=${fleet.credentials.jiraCloud}`);
  expect(await rowNames()).toEqual(['Engineering Jira', 'Platform Jira']);
  const picker = await screen.findByRole('combobox', { name: 'Credential' });
  await waitFor(() => expect(picker).toHaveValue('Jira Cloud — engineering bot'));

  await user.clear(picker);
  await user.type(picker, 'slack');
  await user.keyboard('{ArrowDown}{Enter}');
  expect(router.state.location.search).toBe(`?credential=${fleet.credentials.slack}`);
  await waitFor(async () =>
    expect(await rowNames()).toEqual(['Engineering Slack', 'Support Slack']),
  );
  expect(screen.getByText('1 connector is not finished.')).toBeInTheDocument();

  await user.click(picker);
  await user.click(screen.getByRole('option', { name: 'All credentials' }));
  expect(router.state.location.search).toBe('');
  await waitFor(async () => expect(await rowNames()).toEqual(ALL_LISTED));
});

test('searches by name and sorts by any column, both ways', async () => {
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'JIRA');
  expect(await rowNames()).toEqual(['Engineering Jira', 'Platform Jira', 'Support desk Jira']);

  const name = screen.getByRole('columnheader', { name: /Name/ });
  expect(name).not.toHaveAttribute('aria-sort');
  await user.click(within(name).getByRole('button', { name: /Name/ }));
  expect(name).toHaveAttribute('aria-sort', 'ascending');
  await user.click(within(name).getByRole('button', { name: /Name/ }));
  expect(name).toHaveAttribute('aria-sort', 'descending');
  expect(await rowNames()).toEqual(['Support desk Jira', 'Platform Jira', 'Engineering Jira']);

  await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
  await user.click(screen.getByRole('button', { name: /Refresh/ }));
  expect(screen.getByRole('columnheader', { name: /Refresh/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(name).not.toHaveAttribute('aria-sort');
  expect((await rowNames()).at(-1)).toBe('Uploaded policies'); // never comes last

  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nothing like it');
  expect(screen.getByText('No connectors match.')).toBeInTheDocument();
});

test('search and sort live in the address: they come from it and go back into it', async () => {
  connectTo(server);
  const { user, router } = renderApp('/connectors?search=jira&sort=-name');
  expect(await rowNames()).toEqual(['Support desk Jira', 'Platform Jira', 'Engineering Jira']);
  const search = screen.getByRole('searchbox', { name: 'Search by name' });
  expect(search).toHaveValue('jira');
  expect(screen.getByText(`3 of ${ALL_LISTED.length} connectors match “jira”.`)).toBeVisible();
  const name = screen.getByRole('columnheader', { name: /Name/ });
  expect(name).toHaveAttribute('aria-sort', 'descending');

  await user.click(within(name).getByRole('button', { name: /Name/ }));
  expect(router.state.location.search).toBe('?search=jira&sort=name');
  expect(await rowNames()).toEqual(['Engineering Jira', 'Platform Jira', 'Support desk Jira']);

  await user.clear(search);
  expect(router.state.location.search).toBe('?sort=name');
  await user.type(search, 'slack');
  expect(router.state.location.search).toBe('?search=slack&sort=name');
});

test('a credential in the address that names no credential is said, not ignored', async () => {
  connectTo(server);
  renderApp('/connectors?credential=99999');
  expect(
    await screen.findByText('There is no credential #99999, so no connector uses it.', {
      exact: false,
    }),
  ).toBeInTheDocument();
});

test('a credential the server takes but no credential has (-1) is asked for and answered empty (D5)', async () => {
  connectTo(server);
  renderApp('/connectors?credential=-1');
  expect(
    await screen.findByText('There is no credential #-1, so no connector uses it.', {
      exact: false,
    }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/not a credential number/)).not.toBeInTheDocument();
});

test('finishing an unfinished connector moves it into the table and says so', async () => {
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  // One unfinished connector: "it", not "them".
  await user.click(screen.getByRole('button', { name: 'Finish it' }));
  expect(screen.getByRole('button', { name: 'Hide the unfinished connector' })).toBeVisible();
  const item = (await screen.findByRole('heading', { name: /Mobile Jira/ })).closest('li')!;

  await user.click(within(item).getByRole('button', { name: 'Attach credential' }));
  const picker = within(item).getByRole('combobox', { name: 'Credential for Mobile Jira' });
  // Once the credentials are in (until then it says they are loading).
  await waitFor(() => expect(picker).toHaveAccessibleDescription('Choose a credential first.'));
  await user.click(picker);
  expect(
    within(item)
      .getAllByRole('option')
      .map((option) => option.querySelector('.credential-option-name')?.textContent),
  ).toEqual(['Jira Cloud — engineering bot', 'Jira Data Center — support']);
  await user.click(within(item).getByRole('option', { name: /Jira Data Center/ }));
  await user.click(within(item).getByRole('button', { name: 'Attach credential' }));

  const confirmation = await screen.findByText(
    'Credential attached: “Mobile Jira” is finished and listed.',
  );
  expect(confirmation.closest('[role="status"]')).not.toBeNull();
  expect(await rowNames()).toContain('Mobile Jira');
  expect(screen.queryByText(/not finished/)).not.toBeInTheDocument();
});

test('an unfinished connector no credential fits gets one made on the spot', async () => {
  await insertConnector(server.store.db, {
    name: 'Sales HubSpot',
    source: 'hubspot',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: { object_types: ['deals'] },
    refresh_freq: 3600,
    prune_freq: 86400,
    indexing_start: null,
  });
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  await user.click(screen.getByRole('button', { name: 'Finish them' }));
  const item = (await screen.findByRole('heading', { name: /Sales HubSpot/ })).closest('li')!;
  await waitFor(() =>
    expect(
      within(item).getByRole('combobox', { name: 'Credential for Sales HubSpot' }),
    ).toBeDisabled(),
  );

  await user.click(within(item).getByRole('button', { name: 'New HubSpot credential' }));
  const dialog = await screen.findByRole('dialog', { name: 'New HubSpot credential' });
  await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
  await user.type(within(dialog).getByLabelText('Name'), 'HubSpot app');
  await user.type(within(dialog).getByLabelText('Access token'), 'pat-na1-0123456789');
  await user.click(within(dialog).getByRole('button', { name: 'Save credential' }));
  expect(
    await within(item).findByText('Credential “HubSpot app” was saved and chosen.'),
  ).toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Attach credential' }));
  expect(
    await screen.findByText('Credential attached: “Sales HubSpot” is finished and listed.'),
  ).toBeInTheDocument();
});

test('a connector just created by the wizard is announced and brought into view', async () => {
  let last = 0;
  for (let index = 1; index <= 300; index += 1) {
    last = await insertConnector(server.store.db, {
      name: `Bulk ${String(index).padStart(3, '0')}`,
      source: 'web',
      input_type: 'load_state',
      access_type: 'PUBLIC',
      connector_specific_config: {},
      refresh_freq: 1800,
      prune_freq: null,
      indexing_start: null,
    });
    await insertPair(server.store.db, last, 0);
  }
  connectTo(server);
  const { router } = renderApp('/connectors');
  const total = 300 + ALL_LISTED.length;
  // every row and the header row
  expect(await table()).toHaveAttribute('aria-rowcount', String(total + 1));
  // Virtualized: far fewer rows than that, once the long list's code is in.
  await waitFor(
    async () => expect(within(await table()).getAllByRole('row').length).toBeLessThan(60),
    { timeout: 10_000 },
  );

  await router.navigate('/connectors', { state: { created: { id: last, name: 'Bulk 300' } } });
  const notice = await screen.findByText('Connector “Bulk 300” was created.');
  expect(notice.closest('[role="status"]')).not.toBeNull();
  expect(await screen.findByRole('row', { name: /^Bulk 300/ })).toBeInTheDocument();
  expect(window.scrollY).toBeGreaterThan(0); // the page itself scrolled to it
});

test('says what to do when there is nothing, and when the role may not look', async () => {
  const empty = await startTestServer();
  try {
    connectTo(empty);
    renderApp('/connectors');
    expect(await screen.findByText(/No connectors yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'connect a source' })).toHaveAttribute(
      'href',
      '/connectors/new',
    );
  } finally {
    await empty.close();
  }
});

test('a basic-role key reads that its role may not list connectors, with no Try again', async () => {
  connectTo(server, await server.keyFor('basic'));
  renderApp('/connectors');
  // The shell's role notice: the list is not asked for (no 403).
  expect(
    await screen.findByText(/This page needs the admin, curator or global curator role/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('a credential in the address that is no id is said to be wrong, and every connector is shown', async () => {
  connectTo(server);
  const { user, router } = renderApp('/connectors?credential=abc');
  expect(await rowNames()).toEqual(ALL_LISTED);
  expect(
    screen.getByText(
      /asks for credential “abc”, which is not a credential number \(the server answers: “Input should be a valid integer/,
    ),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Show all connectors' }));
  expect(router.state.location.search).toBe('');
  expect(screen.queryByText(/which is not a credential number/)).not.toBeInTheDocument();
});

test('bulk: choose rows (Space on a box works), one confirmation, then what happened to each', async () => {
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  const box = screen.getByRole('checkbox', { name: 'Select Engineering Slack' });
  box.focus();
  await user.keyboard(' ');
  await user.click(screen.getByRole('checkbox', { name: 'Select Support Slack' }));
  const bar = screen.getByRole('group', { name: 'With the selected connectors' });
  expect(bar).toHaveTextContent('2 selected');
  await user.click(within(bar).getByRole('button', { name: 'Delete 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete 2 connectors?' });
  expect(dialog).toHaveTextContent('Engineering Slack, Support Slack.');
  await user.click(within(dialog).getByRole('button', { name: 'Delete 2' }));
  expect(await screen.findByText('2 of 2 deleted.')).toBeInTheDocument();
  expect(screen.getByText('Engineering Slack: deleted')).toBeInTheDocument();
  await waitFor(async () =>
    expect(await rowNames()).toEqual(ALL_LISTED.filter((name) => !name.includes('Slack'))),
  );
  expect(
    screen.queryByRole('group', { name: 'With the selected connectors' }),
  ).not.toBeInTheDocument();
});

test('bulk: the header box chooses every listed row; pause says so per connector', async () => {
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Jira');
  await user.click(screen.getByRole('checkbox', { name: /^Select all \d+ listed connectors$/ }));
  const bar = screen.getByRole('group', { name: 'With the selected connectors' });
  expect(bar).toHaveTextContent('3 selected');
  await user.click(within(bar).getByRole('button', { name: 'Pause 3' }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause 3' }),
  );
  expect(await screen.findByText('3 of 3 paused.')).toBeInTheDocument();
  const paused = await Promise.all(
    ['Engineering Jira', 'Platform Jira', 'Support desk Jira'].map(async (name) => {
      const detail = await api(server, 'GET', `/manage/admin/connector/${fleet.connectors[name]}`);
      return (detail.json as { status: string }).status;
    }),
  );
  expect(paused).toEqual(['PAUSED', 'PAUSED', 'PAUSED']);
  // The list says so too, beside each name (the snapshots hold no status).
  await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  await within(await table()).findAllByText('Paused');
  for (const name of ['Engineering Jira', 'Platform Jira', 'Support desk Jira'])
    expect(within(row(name)).getByText('Paused')).toBeInTheDocument();
  expect(within(row('Engineering Slack')).queryByText('Paused')).not.toBeInTheDocument();
});

test('a connector paused elsewhere is marked paused in the list', async () => {
  await api(server, 'PATCH', `/manage/admin/connector/${fleet.connectors['Support Slack']}`, {
    body: { status: 'PAUSED' },
  });
  connectTo(server);
  renderApp('/connectors');
  const paused = await within(await table()).findByText('Paused');
  expect(paused.closest('tr')).toHaveAccessibleName(/^Support Slack/);
  expect(within(await table()).getAllByText('Paused')).toHaveLength(1);
});

test('bulk: pause offers the running ones of the choice, resume the paused ones', async () => {
  await api(server, 'PATCH', `/manage/admin/connector/${fleet.connectors['Platform Jira']}`, {
    body: { status: 'PAUSED' },
  });
  connectTo(server);
  const { user } = renderApp('/connectors');
  await within(await table()).findByText('Paused');
  for (const name of ['Engineering Jira', 'Platform Jira', 'Support desk Jira'])
    await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  const bar = screen.getByRole('group', { name: 'With the selected connectors' });
  expect(bar).toHaveTextContent('3 selected');
  expect(within(bar).getByRole('button', { name: 'Pause 2' })).toBeInTheDocument();
  expect(within(bar).getByRole('button', { name: 'Delete 3' })).toBeInTheDocument();
  await user.click(within(bar).getByRole('button', { name: 'Resume 1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Resume 1 connector?' });
  expect(dialog).toHaveTextContent('Platform Jira.');
  await user.click(within(dialog).getByRole('button', { name: 'Resume 1' }));
  expect(await screen.findByText('1 of 1 running.')).toBeInTheDocument();
  await waitFor(async () =>
    expect(within(await table()).queryByText('Paused')).not.toBeInTheDocument(),
  );
  const statuses = (await api(server, 'GET', '/manage/admin/connector-status')).json as {
    cc_pair_status: string;
  }[];
  expect(statuses.every((row) => row.cc_pair_status === 'ACTIVE')).toBe(true);
});

test('the status filter shows the paused or the running ones, from the address and back into it', async () => {
  for (const name of ['Platform Jira', 'Support Slack'])
    await api(server, 'PATCH', `/manage/admin/connector/${fleet.connectors[name]}`, {
      body: { status: 'PAUSED' },
    });
  connectTo(server);
  const { user, router } = renderApp('/connectors?status=paused');
  await waitFor(async () => expect(await rowNames()).toEqual(['Platform Jira', 'Support Slack']));
  expect(screen.getByText('2 paused connectors.')).toBeInTheDocument();
  expect(screen.getByLabelText('Status')).toHaveValue('paused');

  await user.selectOptions(screen.getByLabelText('Status'), 'running');
  await waitFor(async () =>
    expect(await rowNames()).toEqual(
      ALL_LISTED.filter((name) => name !== 'Platform Jira' && name !== 'Support Slack'),
    ),
  );
  expect(router.state.location.search).toBe('?status=running');
  await user.selectOptions(screen.getByLabelText('Status'), '');
  await waitFor(async () => expect(await rowNames()).toHaveLength(ALL_LISTED.length));
  expect(router.state.location.search).toBe('');
});

test("when the statuses cannot be read, the status filter says so (in the server's words) instead of showing nothing", async () => {
  connectTo(server);
  const realFetch = globalThis.fetch.bind(globalThis);
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  fetchSpy.mockImplementation((input, init) =>
    String(input instanceof Request ? input.url : input).includes('/connector-status')
      ? Promise.resolve(new Response(JSON.stringify({ detail: 'Boom' }), { status: 503 }))
      : realFetch(input, init),
  );
  try {
    renderApp('/connectors?status=paused');
    // The list itself is read: only which connectors are paused is not known.
    await screen.findByText('1 connector is not finished.');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Sourcedesk cannot reach the server/);
    expect(alert).toHaveTextContent('Boom');
    expect(screen.queryByText('No connectors match.')).not.toBeInTheDocument();
  } finally {
    fetchSpy.mockRestore();
  }
});

test('bulk delete: the report gets the keyboard; a danger button; the question names ten and says how many more', async () => {
  for (let index = 0; index < 7; index++) {
    const id = await insertConnector(server.store.db, {
      name: `Bulk ${String(index).padStart(3, '0')}`,
      source: 'web',
      input_type: 'load_state',
      access_type: 'PUBLIC',
      connector_specific_config: {},
      refresh_freq: 1800,
      prune_freq: null,
      indexing_start: null,
    });
    await insertPair(server.store.db, id, 0);
  }
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  await user.click(screen.getByRole('checkbox', { name: /^Select all \d+ listed connectors$/ }));
  const bar = screen.getByRole('group', { name: 'With the selected connectors' });
  const deleteAll = within(bar).getByRole('button', { name: 'Delete 13' });
  expect(deleteAll).toHaveClass('danger');
  await user.click(deleteAll);
  const dialog = await screen.findByRole('dialog', { name: 'Delete 13 connectors?' });
  expect(dialog).toHaveTextContent(/and 3 more\./);
  const confirm = within(dialog).getByRole('button', { name: 'Delete 13' });
  expect(confirm).toHaveClass('danger');
  // Thirteen is not past twenty: no number to type.
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  await user.click(confirm);
  const report = await screen.findByText('13 of 13 deleted.');
  await waitFor(() => expect(report.closest('[role="status"]')).toHaveFocus());
});

test('bulk delete of more than twenty: the number is typed before the button works', async () => {
  for (let index = 0; index < 19; index++) {
    const id = await insertConnector(server.store.db, {
      name: `Bulk ${String(index).padStart(3, '0')}`,
      source: 'web',
      input_type: 'load_state',
      access_type: 'PUBLIC',
      connector_specific_config: {},
      refresh_freq: 1800,
      prune_freq: null,
      indexing_start: null,
    });
    await insertPair(server.store.db, id, 0);
  }
  connectTo(server);
  const { user } = renderApp('/connectors');
  await table();
  await user.click(screen.getByRole('checkbox', { name: /^Select all \d+ listed connectors$/ }));
  await user.click(screen.getByRole('button', { name: 'Delete 25' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete 25 connectors?' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete 25' });
  expect(confirm).toBeDisabled();
  const typed = within(dialog).getByLabelText('Type 25 to delete them all');
  await user.type(typed, '24');
  expect(confirm).toBeDisabled();
  await user.clear(typed);
  await user.type(typed, '25');
  expect(confirm).toBeEnabled();
  await user.click(confirm);
  // Twenty-five deletes, one request each: longer than findBy's second on a busy machine.
  expect(await screen.findByText('25 of 25 deleted.', {}, { timeout: 10_000 })).toBeInTheDocument();
}, 40_000);

test('with only an unfinished connector the list does not also say there are no connectors', async () => {
  const lonely = await startTestServer();
  try {
    const id = await insertConnector(lonely.store.db, {
      name: 'Half-made Jira',
      source: 'jira',
      input_type: 'poll',
      access_type: 'PUBLIC',
      connector_specific_config: { jira_base_url: 'https://acme.example' },
      refresh_freq: 3600,
      prune_freq: 86400,
      indexing_start: null,
    });
    expect(id).toBeGreaterThan(0);
    connectTo(lonely);
    renderApp('/connectors');
    expect(await screen.findByText('1 connector is not finished.')).toBeInTheDocument();
    expect(screen.queryByText(/No connectors yet/)).not.toBeInTheDocument();
    expect(screen.getByText(/No finished connector yet/)).toBeInTheDocument();
  } finally {
    await lonely.close();
  }
});
