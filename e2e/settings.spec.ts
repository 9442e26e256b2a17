// Settings (docs/operations.md, "Alerts"): an admin saves the alert webhook and sends a
// test alert to a receiver this spec starts on 127.0.0.1; the address is shown
// masked, the result holds the keyboard, axe finds nothing, and at 360 px the
// page does not scroll sideways.
import AxeBuilder from '@axe-core/playwright';
import { startWebhookReceiver } from '../test/support/webhookReceiver';
import { expect, test } from './fixtures';

test('save the alert webhook, send a test alert, read the result and the last delivery', async ({
  page,
  signIn,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await signIn('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Alert webhook' });
    await form.getByLabel('Webhook address').fill(receiver.url);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Alert webhook saved.' }),
    ).toBeFocused();
    await expect(page.getByText(`${new URL(receiver.url).origin}/••••••••`)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(receiver.secret);

    await page.getByRole('button', { name: 'Send a test alert' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Test alert delivered' });
    await expect(result).toBeFocused();
    await expect(page.getByText(/^Delivered \(/)).toBeVisible();
    expect(receiver.received).toEqual([expect.objectContaining({ event: 'test' })]);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
  } finally {
    await receiver.close();
  }
});
