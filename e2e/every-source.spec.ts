// One connector of every catalogue source, made through the panel's wizard with
// a credential made on the way (Web needs none), then read back through the
// API: its connector_specific_config keys and its credential's keys are exactly
// Onyx's for that source (web/src/lib/connectors in onyx-dot-app/onyx).
import type { Page } from '@playwright/test';
import type { CatalogueSource } from '../src/contract/sources/catalogue';
import { api } from '../test/support/http';
import { ONYX_KEYS } from '../test/support/onyxKeys';
import { expect, test } from './fixtures';

test.use({ seedFleet: false });

/** What each source's first step needs beyond its name, as a person fills it. */
const SETTINGS: Partial<Record<CatalogueSource, (page: Page) => Promise<void>>> = {
  jira: (page) => page.getByLabel('Jira base URL').fill('https://acme.atlassian.net'),
  confluence: (page) => page.getByLabel('Wiki base URL').fill('https://acme.atlassian.net/wiki'),
  github: (page) => page.getByLabel('Repository owner').fill('acme'),
  gitlab: async (page) => {
    await page.getByLabel('Project owner').fill('acme');
    await page.getByLabel('Project name').fill('handbook');
  },
  google_drive: (page) => page.getByLabel('Include shared drives').check(),
  web: (page) => page.getByLabel('Start address').fill('https://docs.acme.example/'),
};

/** A value a credential box takes, by what the box is for. */
function sampleValue(label: string): string {
  if (/JSON/.test(label)) return '{"type": "service_account", "client_email": "bot@acme.example"}';
  if (/e-mail|User name/i.test(label)) return 'bot@acme.example';
  if (/GitLab address/.test(label)) return 'https://gitlab.acme.example';
  if (/API address/.test(label)) return 'https://eu.api.gong.io';
  return `value-for-${label.replace(/\W+/g, '-').toLowerCase()}-0123456789`;
}

for (const [source, keys] of Object.entries(ONYX_KEYS) as [
  CatalogueSource,
  (typeof ONYX_KEYS)[CatalogueSource],
][]) {
  test(`${source}: the panel makes a connector with exactly Onyx's keys`, async ({
    page,
    server,
    signIn,
  }) => {
    const name = `Every source ${source}`;
    await signIn(`/connectors/new/${source}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await SETTINGS[source]?.(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /: Schedule$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    if (keys.credential.length > 0) {
      await page.getByRole('button', { name: /^New .* credential$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill(`${source} key`);
      // A service account's key is chosen as a file (read in the page, never shown).
      const keyFile = dialog.getByLabel('Key file');
      if ((await keyFile.count()) > 0) {
        await keyFile.setInputFiles({
          name: 'key.json',
          mimeType: 'application/json',
          buffer: Buffer.from(sampleValue('JSON')),
        });
      }
      for (const box of await dialog.getByRole('textbox').all()) {
        const label =
          (await box.getAttribute('aria-label')) ??
          (await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
        // The key file's text is in the masked box already (the file was read into it).
        if (label === 'Name' || label === 'Or paste the key') continue;
        await box.fill(sampleValue(label));
      }
      await dialog.getByRole('button', { name: 'Save credential' }).click();
      await expect(page.getByText(/was saved and chosen/)).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await expect(page.getByRole('heading', { level: 2, name: /: Review$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Create without testing' }).click();
    await expect(page.getByText(`Connector “${name}” was created.`)).toBeVisible();

    const listed = (await api(server, 'GET', '/manage/admin/connector')).json as {
      name: string;
      connector_specific_config: Record<string, unknown>;
      credential_ids: number[];
    }[];
    const made = listed.find((c) => c.name === name)!;
    expect(Object.keys(made.connector_specific_config).sort()).toEqual([...keys.config].sort());
    const credentials = (await api(server, 'GET', '/manage/admin/credential')).json as {
      id: number;
      credential_json: Record<string, unknown>;
    }[];
    const credential = credentials.find((c) => c.id === made.credential_ids[0])!;
    expect(Object.keys(credential.credential_json).sort()).toEqual([...keys.credential].sort());
  });
}
