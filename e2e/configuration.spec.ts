// Configuration as code in Chromium: the setup of one running server downloaded from its
// Settings → Configuration page and imported into a second, empty server
// through the same page — a broken file said in words first, then the real
// file's plan in words, the one secret it asks for typed into its password
// box, Apply, confirmed, the result — after which both servers list the same
// connectors, credentials and attachments. Axe on the page in each state, the
// focus on the plan, the result and the error, no sideways scroll at 360 px.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { startTestServer, type TestServer } from '../test/support/harness';
import { api, attach, createConnector, madeCredential, plainRequest } from '../test/support/http';
import { expect, test, type Page } from './fixtures';

test.use({ seedFleet: false });

const DIST = process.env.SOURCEDESK_E2E_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const TOKEN = 'ghp-typed-into-the-panel-0123456789';

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await page.setViewportSize(size);
}

/** What a server lists, without its ids: connectors with their credentials' names and access. */
async function listed(server: TestServer) {
  const credentials = (await api(server, 'GET', '/manage/admin/credential')).json as {
    id: number;
    name: string | null;
    source: string;
    credential_json: Record<string, unknown>;
  }[];
  const nameOf = new Map(credentials.map((c) => [c.id, c.name]));
  const connectors = (await api(server, 'GET', '/manage/admin/connector')).json as {
    id: number;
    name: string;
    time_created: string;
    time_updated: string;
    credential_ids: number[];
  }[];
  // By name: each server numbers what it made in its own order.
  return {
    connectors: connectors
      .map(({ id: _id, time_created: _c, time_updated: _u, credential_ids, ...connector }) => ({
        ...connector,
        credentials: credential_ids.map((id) => nameOf.get(id)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    credentials: credentials.map((c) => ({
      name: c.name,
      source: c.source,
      keys: Object.keys(c.credential_json).sort(),
    })),
  };
}

test('a setup exported from one server is imported into an empty one through the panel', async ({
  browser,
  page,
  server,
  signIn,
}) => {
  test.setTimeout(120_000); // two servers, axe after each step
  const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-e2e-config-'));
  const target = await startTestServer({ staticDir: DIST });
  try {
    // The source: a GitHub connector whose credential's token must be supplied, a web one that needs none.
    const github = await createConnector(
      server,
      plainRequest('github', { name: 'Engineering GitHub', refresh_freq: 3600 }),
    );
    await attach(
      server,
      github,
      await madeCredential(server, 'github', { github_access_token: 'ghp-source-only-98765' }),
    );
    await attach(server, await createConnector(server, plainRequest('web', { name: 'Docs' })), 0);

    await signIn('/settings/configuration');
    await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download configuration' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('sourcedesk.json');
    const file = join(folder, 'sourcedesk.json');
    await download.saveAs(file);
    await expect(
      page.getByRole('status').filter({ hasText: 'Configuration downloaded' }),
    ).toBeFocused();

    // The target, in a browser of its own (cookies do not tell ports apart).
    const context = await browser.newContext();
    const panel = await context.newPage();
    await panel.goto(`${target.origin}/settings/configuration#key=${target.adminKey}`);
    await expect(panel.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();
    await expectNoAxeViolations(panel);
    const chooser = panel.getByLabel('Configuration file');

    // A file of a newer format first: said in words, with the focus, and nothing offered to apply.
    const future = join(folder, 'future.json');
    writeFileSync(future, JSON.stringify({ format_version: 2 }));
    await chooser.setInputFiles(future);
    await expect(
      panel.getByRole('status').filter({ hasText: /made by a newer Sourcedesk \(format 2\)/ }),
    ).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Apply…' })).toHaveCount(0);
    await expectNoAxeViolations(panel);

    // The real file: its plan in words, with the focus.
    await chooser.setInputFiles(file);
    await expect(
      panel.getByRole('status').filter({ hasText: /^Plan for sourcedesk\.json:/ }),
    ).toBeFocused();
    // Counted per kind, each opened on demand; items by their names.
    await panel.getByText('Create 2 connectors').click();
    await expect(panel.getByText('Create connector “Engineering GitHub”')).toBeVisible();
    await expect(panel.getByText('Create connector “Docs”')).toBeVisible();
    await panel.getByText('Not created for want of their values: 1 credential').click();
    await expect(
      panel.getByText(/^Not created: credential “.*” \(GitHub\) needs Access token$/),
    ).toBeVisible();
    const secrets = panel.getByRole('group', { name: 'Secrets the bundle does not hold' });
    const token = secrets.getByLabel(/\(GitHub\): Access token$/);
    await expect(token).toHaveAttribute('type', 'password');
    await expect(secrets.locator('input')).toHaveCount(1); // the one secret it asks for
    await expectNoAxeViolations(panel);
    await expectNoSidewaysScroll(panel);

    await token.fill(TOKEN);
    await panel.getByRole('button', { name: 'Apply…' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Apply this configuration?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(panel);
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();

    const result = panel.getByRole('status').filter({ hasText: /^Applied:/ });
    await expect(result).toBeFocused();
    await expectNoAxeViolations(panel);
    await expectNoSidewaysScroll(panel);
    await expect(panel.locator('body')).not.toContainText(TOKEN);

    // Both servers list the same connectors, credentials and attachments.
    const [from, to] = [await listed(server), await listed(target)];
    expect(to).toEqual(from);
    expect(to.connectors.map((c) => [c.name, c.credentials])).toEqual([
      ['Docs', [null]],
      ['Engineering GitHub', ['github credential']],
    ]);
    // The token typed in the panel is the one the target keeps (masked in every answer, D6).
    const credentials = (await api(target, 'GET', '/manage/admin/credential')).json as {
      source: string;
      credential_json: { github_access_token?: string };
    }[];
    expect(credentials.find((c) => c.source === 'github')?.credential_json).toEqual({
      github_access_token: `${TOKEN.slice(0, 4)}...${TOKEN.slice(-4)}`,
    });

    // The connector list page of the target shows them too.
    await panel.goto(`${target.origin}/connectors`);
    for (const name of ['Engineering GitHub', 'Docs']) {
      await expect(panel.getByRole('checkbox', { name: `Select ${name}` })).toBeVisible();
    }
    await context.close();
  } finally {
    await target.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
