// Security in the browser: the panel runs under its Content-Security-
// Policy without a single violation; names holding HTML and script are shown as
// text and run nothing; a javascript: Jira URL is refused by the form; the API
// key stays out of localStorage, cookies and the address bar.
import { insertConnector, insertPair } from '../server/repos/connectors';
import { createCredential } from '../server/repos/credentials';
import { expect, test, type Page } from './fixtures';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';

/** Collects CSP violations (events and console errors) from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

test('the served page has no inline script, and every page runs under the CSP with no violation', async ({
  page,
  request,
  server,
  signIn,
}) => {
  const index = await request.get(`${server.origin}/connectors`);
  expect(index.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await index.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/assets\//);
    expect(body?.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);

  const violations = await watchCsp(page);
  await signIn('/connectors');
  await expect(heading(page, 'Connectors')).toBeVisible();
  await page.getByRole('combobox', { name: 'Credential' }).click();
  await page.getByRole('combobox', { name: 'Credential' }).press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Credential' })).toBeVisible();
  await nav(page, 'New connector').click();
  await expect(heading(page, 'New connector')).toBeVisible();
  await page.getByRole('link', { name: 'Jira', exact: true }).click();
  await expect(heading(page, 'New Jira connector')).toBeVisible();
  await nav(page, 'Users & roles').click();
  await expect(heading(page, 'Users and roles')).toBeVisible();
  await nav(page, 'Credentials').click();
  await expect(heading(page, 'Credentials')).toBeVisible();
  await page.getByRole('button', { name: 'New credential' }).click();
  await nav(page, 'Connectors').click();
  await page.getByRole('link', { name: 'Engineering Jira' }).click();
  await expect(heading(page, 'Engineering Jira')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in to Sourcedesk')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('D6: connector and credential names holding HTML and script are shown as text and run nothing', async ({
  page,
  server,
  signIn,
}) => {
  const db = server.store.db;
  const credential = await createCredential(db, server.store.secrets, {
    source: 'jira',
    name: IMG,
    credential_json: { jira_api_token: 'a-secret-token-value' },
  });
  const config = { jira_base_url: 'https://acme.atlassian.net', project_key: null };
  for (const name of [SCRIPT, IMG]) {
    const id = await insertConnector(db, {
      name,
      source: 'jira',
      input_type: 'poll',
      access_type: 'PUBLIC',
      connector_specific_config: config,
    });
    await insertPair(db, id, credential);
  }
  const violations = await watchCsp(page);

  await signIn('/connectors');
  const table = page.getByRole('table', { name: /^Connectors/ });
  await expect(table.getByRole('cell', { name: SCRIPT, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: IMG, exact: true })).toBeVisible();
  const credentialCell = table.getByRole('cell', { name: `${IMG} (#${credential})`, exact: true });
  await expect(credentialCell).toHaveCount(2);
  await expect(table.locator('img, script')).toHaveCount(0);

  const picker = page.getByRole('combobox', { name: 'Credential' });
  await picker.fill('onerror');
  const option = page.getByRole('option', {
    name: new RegExp(IMG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(option).toBeVisible();
  await expect(page.getByRole('listbox').locator('img')).toHaveCount(0);
  await option.click();
  await expect(picker).toHaveValue(IMG);
  await expect(table.getByRole('cell', { name: SCRIPT, exact: true })).toBeVisible();

  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  expect(await violations()).toEqual([]);
});

test('D4: a javascript: Jira URL is refused by the wizard form, and nothing is sent', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors/new/jira');
  // From here on (the sign-in itself posts the key for a session).
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.getByLabel('Name', { exact: true }).fill('Evil Jira');
  const url = page.getByLabel('Jira base URL');
  await url.fill('javascript:alert(document.domain)//acme.atlassian.net');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(url).toHaveAccessibleDescription(/starts with https:\/\/ \(or http:\/\/\)/);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/step=schedule/);
  expect(posts).toEqual([]);
});

test('D2: after sign-in the API key is in no localStorage, cookie or address, on any page', async ({
  page,
  context,
  server,
  signIn,
  fleet,
}) => {
  const key = server.adminKey;
  const expectKeyNowhere = async () => {
    expect(page.url()).not.toContain(key);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key);
    expect(await page.evaluate(() => document.cookie)).not.toContain(key);
    expect(JSON.stringify(await context.cookies())).not.toContain(key);
  };
  await signIn('/connectors');
  await expect(heading(page, 'Connectors')).toBeVisible();
  await expectKeyNowhere();
  const pages: [string, string][] = [
    ['New connector', 'New connector'],
    ['Users & roles', 'Users and roles'],
    ['Connectors', 'Connectors'],
  ];
  for (const [link, title] of pages) {
    await nav(page, link).click();
    await expect(heading(page, title)).toBeVisible();
    await expectKeyNowhere();
  }
  await page.goto(`${server.origin}/connectors?credential=${fleet!.credentials.jiraCloud}`);
  await expect(heading(page, 'Connectors')).toBeVisible();
  await expectKeyNowhere();
  // Back through the whole history: no entry holds the key either.
  for (let i = 0; i < 6 && (await page.evaluate(() => history.length)) > 1; i++) {
    if (!(await page.goBack())) break;
    await expectKeyNowhere();
  }
});
