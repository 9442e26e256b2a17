// @vitest-environment jsdom
// Settings (docs/operations.md, "Alerts"): an admin saves the alert webhook (masked once
// saved), sends a test alert to a receiver on 127.0.0.1 and reads the result,
// which holds the keyboard, and the last delivery.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhookReceiver';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let receiver: WebhookReceiver;
beforeEach(async () => {
  server = await startTestServer();
  receiver = await startWebhookReceiver();
  connectTo(server);
});
afterEach(async () => {
  await server.close();
  await receiver.close();
});

async function resultSays(words: string | RegExp) {
  const message = await screen.findByText(words, { selector: '[role="status"]' });
  expect(message).toHaveFocus();
}

test('save the webhook (masked once saved), send a test alert: the result in words holds the keyboard; the last delivery is shown', async () => {
  const { user } = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  expect(await screen.findByText(/No alert webhook is set/)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Send a test alert' })).toBeDisabled();

  const form = screen.getByRole('form', { name: 'Alert webhook' });
  const field = within(form).getByLabelText('Webhook address');
  await user.type(field, 'hooks.example.com/no-scheme');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(field).toHaveAccessibleDescription(
    /Enter an address starting with https:\/\/ or http:\/\//,
  );
  expect(field).toHaveFocus();

  await user.clear(field);
  await user.type(field, receiver.url);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await resultSays('Alert webhook saved.');
  expect(field).toHaveValue('');
  const origin = new URL(receiver.url).origin;
  expect(await screen.findByText(`${origin}/••••••••`)).toBeVisible();
  expect(document.body.textContent).not.toContain(receiver.secret);

  await user.click(screen.getByRole('button', { name: 'Send a test alert' }));
  await resultSays('Test alert delivered: the webhook answered HTTP 200.');
  expect(receiver.received).toEqual([expect.objectContaining({ event: 'test' })]);
  expect(await screen.findByText(/^Delivered \(.*1 try, last answer: HTTP 200\)\.$/)).toBeVisible();

  receiver.answer(500);
  await user.click(screen.getByRole('button', { name: 'Send a test alert' }));
  await resultSays('Test alert not delivered: the webhook answered HTTP 500.');
  expect(await screen.findByText(/^Not delivered: given up \(.*HTTP 500\)\.$/)).toBeVisible();

  await user.click(within(form).getByRole('button', { name: 'Clear' }));
  await resultSays('The webhook set here is cleared.');
  expect(await screen.findByText(/No alert webhook is set/)).toBeVisible();
});
