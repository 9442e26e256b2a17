// The File source in the browser: two files uploaded in the wizard, the
// connector made with them, and its page listing each with its size.
import { expect, test } from './fixtures';

test('two files uploaded in the File wizard become a connector whose page lists them', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors/new/file');
  await page.getByLabel('Name', { exact: true }).fill('Uploaded handbook');
  await page.getByLabel('Upload files').setInputFiles([
    { name: 'leave-policy.md', mimeType: 'text/markdown', buffer: Buffer.from('# Leave\n') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(page.getByText('Uploaded leave-policy.md, notes.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create without testing' }).click();
  await expect(page.getByText('Connector “Uploaded handbook” was created.')).toBeVisible();

  await page.getByRole('link', { name: 'Uploaded handbook', exact: true }).click();
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('listitem')).toHaveText([
    /^leave-policy\.md 8 bytes, uploaded /,
    /^notes\.txt 5 bytes, uploaded /,
  ]);
});
