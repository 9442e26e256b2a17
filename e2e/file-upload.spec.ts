// The File source in a real browser: two files chosen in the wizard go up as
// one multipart upload, are listed by name, and the connector made with them
// lists them on its page with their sizes, as the server keeps them.
import { expect, test } from './fixtures';

test.use({ seedFleet: false });

test('two files uploaded in the wizard are the connector’s files, with their sizes', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors/new/file');
  await expect(page.getByRole('heading', { level: 1, name: 'New File connector' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Handbook files');
  await page.getByLabel('Upload files').setInputFiles([
    { name: 'leave-policy.md', mimeType: 'text/markdown', buffer: Buffer.from('# Leave\n') },
    { name: 'holidays.csv', mimeType: 'text/csv', buffer: Buffer.from('x'.repeat(3072)) },
  ]);
  await expect(page.getByText('Uploaded leave-policy.md, holidays.csv')).toBeVisible();
  const list = page.getByRole('list', { name: 'Files to index' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  for (const step of ['Schedule', 'Review']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`: ${step}$`) }),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Create without testing' }).click();
  await page.getByRole('link', { name: 'Handbook files' }).click();

  const files = page.getByRole('region', { name: 'Files', exact: true });
  await expect(files.getByRole('listitem')).toHaveText([
    /^leave-policy\.md 8 bytes, uploaded /,
    /^holidays\.csv 3 KiB, uploaded /,
  ]);
});
