// SCIM (docs/scim.md): an admin makes the token in Settings; this spec then acts
// as the identity provider with it (a user, a group, the user deactivated), and
// the panel shows the person managed by the provider, deactivated, in the group,
// and the activity log names SCIM.
import { oktaUser, patchOp, scim, GROUP_SCHEMA } from '../test/support/scim';
import { expect, test } from './fixtures';

test.use({ seedFleet: false });

test('the identity provider provisions with the token made in Settings; the panel shows it', async ({
  page,
  server,
  signIn,
}) => {
  await signIn('/settings');
  const form = page.getByRole('form', { name: 'SCIM token' });
  await form.getByLabel('Token name').fill('Okta');
  await form.getByRole('button', { name: 'Make a token' }).click();
  const token = await page
    .getByRole('region', { name: 'The new SCIM token' })
    .getByLabel('SCIM token')
    .inputValue();
  expect(token).toMatch(/^sd_scim_/);

  const made = await scim(server, token, 'POST', '/Users', { body: oktaUser('ada@scim.test') });
  const { id } = made.json as { id: string };
  await scim(server, token, 'POST', '/Groups', {
    body: { schemas: [GROUP_SCHEMA], displayName: 'Analysts', members: [{ value: id }] },
  });
  await scim(server, token, 'PATCH', `/Users/${id}`, {
    body: patchOp({ op: 'replace', value: { active: false } }),
  });

  await page.getByRole('link', { name: 'Users' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'ada@scim.test' });
  await expect(row.getByText('deactivated')).toBeVisible();
  await expect(row.getByText(/Managed by your identity provider/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reactivate ada@scim.test' })).toBeDisabled();
  await expect(row.getByText('Analysts')).toBeVisible();

  await page.getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('list', { name: 'Activity' });
  await expect(activity.getByText(/^SCIM \(Okta\) deactivated ada@scim\.test/)).toBeVisible();
  await expect(activity.getByText(/^SCIM \(Okta\) created group Analysts/)).toBeVisible();
});
