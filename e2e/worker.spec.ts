// From an empty install to documents, in Chromium (D14): an admin makes a Jira
// connector in the wizard against a fake Jira of 250 issues (a real HTTP server on
// 127.0.0.1), makes a worker key in Settings → Workers, and the test starts
// `npm run worker`'s entry as a process with that key. The schedule queues the
// first run, the worker claims and runs it, and the panel shows it waiting, then
// running, then 250 documents (the list's Documents column, the connector page,
// searchable by title); a revoked token then fails Run now's run with Jira's reason.
// Then, on a phone's width with axe: Cancel from the connector page, and a worker
// killed mid-run turning the run "Stalled", then failed by the stall rule.
import AxeBuilder from '@axe-core/playwright';
import { manyIssues, startFakeJira, type FakeJira } from '../test/support/fakeSources/fakeJira';
import { startWorkerProcess, type WorkerProcess } from '../test/support/workerProcess';
import { jiraPair, makeWorkerKey as issueWorkerKey } from '../test/support/workers';
import { expect, test, type Page } from './fixtures';

test.use({
  seedFleet: false,
  // The schedule looks every second (60 by default) and the worker checks in every second.
  serverOptions: { sync: { schedulerIntervalSeconds: 1, checkInIntervalSeconds: 1 } },
});

let jira: FakeJira | null = null;
let worker: WorkerProcess | null = null;
test.afterEach(async () => {
  await worker?.stop('SIGKILL');
  await jira?.close();
  worker = null;
  jira = null;
});

/** `npm run worker`'s entry on one job at a time, with `key`, sending `batchSize` documents a batch. */
function startWorker(origin: string, key: string, batchSize: number) {
  worker = startWorkerProcess(['--server', origin, '--concurrency', '1'], {
    SOURCEDESK_WORKER_KEY: key,
    SOURCEDESK_WORKER_BATCH_SIZE: String(batchSize),
  });
  return worker;
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });

/** The wizard, as an admin fills it: one project of the Jira at `origin`, a new credential. */
async function makeJiraConnector(page: Page, origin: string) {
  await expect(stepHeading(page, 'Connection')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Engineering Jira');
  await page.getByLabel('Jira base URL').fill(origin);
  await page.getByRole('radio', { name: 'One project' }).check();
  await page.getByLabel('Project key').fill('ENG');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Schedule')).toBeFocused();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Credential')).toBeFocused();
  await page.getByRole('button', { name: 'New Jira credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Jira credential' });
  await dialog.getByLabel('Name', { exact: true }).fill('Jira bot');
  await dialog.getByLabel('Account e-mail (Jira Cloud)').fill('bot@acme.example');
  await dialog.getByLabel('API token or personal access token').fill('jira-secret-token-value');
  await dialog.getByRole('button', { name: 'Save credential' }).click();
  await expect(page.getByText('Credential “Jira bot” was saved and chosen.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Review')).toBeFocused();
  await page.getByRole('button', { name: 'Create without testing' }).click();
  await expect(page.getByText('Connector “Engineering Jira” was created.')).toBeVisible();
}

/** Settings → Workers: a new worker key, read from the page that shows it once. */
async function makeWorkerKey(page: Page) {
  await nav(page, 'Settings').click();
  await page.getByLabel('Name of the new worker key').fill('e2e worker');
  await page.getByRole('button', { name: 'Make a worker key' }).click();
  const shown = page.getByLabel('Worker key', { exact: true });
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
  return (await shown.textContent())!.trim();
}

test('a Jira connector made in the wizard is indexed by a worker started with a key from Settings: 250 documents', async ({
  page,
  server,
  signIn,
}) => {
  test.setTimeout(150_000);
  jira = await startFakeJira({
    email: 'bot@acme.example',
    token: 'jira-secret-token-value',
    issues: manyIssues('ENG', 250),
  });
  // Jira's first answer waits until the test has seen the run in progress.
  let release = () => {};
  jira.faults.push({ hold: new Promise<void>((resolve) => (release = resolve)) });

  await signIn('/connectors/new/jira');
  await makeJiraConnector(page, jira.origin);
  const row = page.getByRole('row', { name: /^Engineering Jira/ });
  await expect(row).toBeVisible();

  const key = await makeWorkerKey(page);
  expect(key.length).toBeGreaterThan(20);

  // The schedule queued the first run at once; no worker runs yet.
  await nav(page, 'Connectors').click();
  await expect(row.getByText('Waiting for a worker')).toBeVisible();
  await expect(row.getByText('Not reported')).toBeVisible();

  const started = startWorker(server.origin, key, 50);
  await started.said(/Job \d+ \(update of "Engineering Jira", jira, pair \d+\) started/, 30_000);

  await row.getByRole('link', { name: 'Engineering Jira' }).click();
  await expect(page.getByRole('heading', { name: 'Engineering Jira', level: 1 })).toBeVisible();
  const runs = page.getByRole('table', { name: 'Runs with credential #1' });
  // The runs table reads itself again every few seconds while a run is open.
  await expect(runs.getByRole('cell', { name: 'Running', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  release();
  const done = runs.getByRole('row', { name: /^Succeeded/ });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done.getByRole('cell').nth(3)).toHaveText('250'); // New
  await expect(done.getByRole('cell').nth(4)).toHaveText('250'); // Total
  await started.said(
    /finished success in [\d.]+ s: 250 documents \(250 new\), 0 removed, 0 errors/,
  );

  await page.reload();
  await expect(page.getByText(/Last indexed: .*\. Documents: 250\./)).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents with credential #1' });
  await expect(documents.getByText('250 documents.')).toBeVisible();
  await documents.getByLabel('Search documents by title').fill('ENG-42:');
  await expect(documents.getByText('1 documents.')).toBeVisible();
  await expect(documents.getByRole('link', { name: 'ENG-42: Issue number 42' })).toHaveAttribute(
    'href',
    `${jira.origin}/browse/ENG-42`,
  );

  await nav(page, 'Connectors').click();
  await expect(row.getByText('250', { exact: true })).toBeVisible();
  await expect(row.getByText('Not reported')).toHaveCount(0);

  // Jira revokes the token: Run now's run fails, with Jira's reason in the runs table.
  jira.revoked = true;
  await row.getByRole('link', { name: 'Engineering Jira' }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/Queued 1 index run/)).toBeFocused();
  const failed = runs.getByRole('row', { name: /^Failed/ });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText(
    'Jira refused the token (401): Client must be authenticated to access this resource.',
  );
  expect(started.stdout() + started.stderr()).not.toContain('jira-secret-token-value');
});

test.describe('on a phone, with axe', () => {
  // A worker is offline and its run "Stalled" after 3 check-ins (3 s); the stall rule fails it at 15 s.
  test.use({
    viewport: { width: 360, height: 800 },
    serverOptions: {
      sync: { schedulerIntervalSeconds: 1, checkInIntervalSeconds: 1, stallSeconds: 15 },
    },
  });

  test('Cancel from the connector page; a worker killed mid-run: Stalled, then failed', async ({
    page,
    server,
    signIn,
  }) => {
    test.setTimeout(150_000);
    // On a phone the runs are cards: each cell says its column ("Status: Running").
    jira = await startFakeJira({
      email: 'bot@acme.example',
      token: 'jira-secret-token-value',
      issues: manyIssues('ENG', 100),
    });
    const { connectorId } = await jiraPair(server, {
      name: 'Support Jira',
      connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
    });
    const started = startWorker(server.origin, await issueWorkerKey(server), 10);
    let release = () => {};
    jira.faults.push({ hold: new Promise<void>((resolve) => (release = resolve)) });

    await signIn(`/connectors/${connectorId}`);
    await expect(page.getByRole('heading', { name: 'Support Jira', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText(/Queued 1 index run/)).toBeFocused();
    const runs = page.getByRole('table', { name: 'Runs with credential #1' });
    await expect(runs.getByRole('row', { name: /^Status: Running Started/ })).toBeVisible({
      timeout: 20_000,
    });
    await noSidewaysScroll(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await runs.getByRole('button', { name: /^Cancel run \d+$/ }).click();
    await expect(runs.getByRole('row', { name: /^Status: Running — cancel asked/ })).toBeVisible();
    release(); // the batch in hand is delivered, then the worker obeys
    await expect(runs.getByRole('row', { name: /^Status: Canceled/ })).toBeVisible({
      timeout: 20_000,
    });

    // The next run's source answer never comes; its worker is killed as a crash would.
    jira.faults.push({ hold: new Promise<void>(() => {}) });
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(runs.getByRole('row', { name: /^Status: Running Started/ })).toBeVisible({
      timeout: 20_000,
    });
    await started.stop('SIGKILL');
    // Three check-in intervals without a heartbeat make it "Stalled"; the page read
    // again then (as an admin would, with a reload) says so, before the stall rule's 15 s.
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /Stalled: no heartbeat from its worker since/ }),
    ).toBeVisible({ timeout: 10_000 });
    const failed = runs.getByRole('row', { name: /^Status: Failed/ });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toContainText('No heartbeat received for 15 seconds');
    await noSidewaysScroll(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
