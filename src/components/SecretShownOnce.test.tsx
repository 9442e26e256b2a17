// @vitest-environment jsdom
// A secret shown once (API key, worker key, SCIM token): the keyboard lands on
// Copy, Copy puts the secret on the clipboard and says so in a live region (or
// says to copy by hand where the browser refuses), and Done hands it back.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { SecretShownOnce } from './SecretShownOnce';

const SECRET = 'sdw_0123456789abcdef0123456789abcdef0123456789';

test('the secret, labelled, with Copy holding the keyboard; Copy fills the clipboard and says so', async () => {
  const user = userEvent.setup();
  const onDone = vi.fn();
  render(
    <SecretShownOnce
      title="The new worker key"
      label="Worker key"
      what="the worker key “CI”"
      secret={SECRET}
      onDone={onDone}
    />,
  );
  const shown = screen.getByRole('region', { name: 'The new worker key' });
  expect(shown).toHaveTextContent('Copy the worker key “CI” now: you will not see it again.');
  expect(within(shown).getByLabelText('Worker key')).toHaveValue(SECRET);
  const copy = within(shown).getByRole('button', { name: 'Copy' });
  expect(copy).toHaveFocus();
  expect(within(shown).getByRole('status')).toBeEmptyDOMElement();

  await user.keyboard('{Enter}');
  expect(within(shown).getByRole('status')).toHaveTextContent('Copied');
  expect(await navigator.clipboard.readText()).toBe(SECRET);

  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  expect(onDone).toHaveBeenCalledOnce();
});

test('a browser that refuses the clipboard: the live region says to copy by hand', async () => {
  const user = userEvent.setup();
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied'));
  render(
    <SecretShownOnce
      title="The new key"
      label="API key"
      what="the key"
      secret={SECRET}
      onDone={() => {}}
      takeFocus={false}
    />,
  );
  const copy = screen.getByRole('button', { name: 'Copy' });
  expect(copy).not.toHaveFocus();
  await user.click(copy);
  expect(screen.getByRole('status')).toHaveTextContent(/^Not copied: select the text/);
  await user.click(screen.getByLabelText('API key'));
  const box = screen.getByLabelText<HTMLTextAreaElement>('API key');
  expect([box.selectionStart, box.selectionEnd]).toEqual([0, SECRET.length]);
});
