// What a person does in the wizard, for the component tests.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

export const heading = (title: string) =>
  screen.findByRole('heading', { level: 2, name: new RegExp(title) });

export async function fillConnection(
  user: UserEvent,
  { name = 'QA Jira', url = 'https://qa.atlassian.net', projectKey = '' } = {},
) {
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Jira base URL'), url);
  if (projectKey) {
    await user.click(screen.getByRole('radio', { name: 'One project' }));
    await user.type(screen.getByLabelText('Project key'), projectKey);
  }
}

export const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

/** Picks a Jira credential by part of its name in the picker. */
export async function chooseCredential(user: UserEvent, namePart: string) {
  const picker = await screen.findByRole('combobox', { name: 'Jira credential' });
  await waitFor(() => expect(picker).toBeEnabled());
  await user.clear(picker);
  await user.type(picker, namePart);
  await user.keyboard('{ArrowDown}{Enter}');
}

/** From an empty form to the review, with the defaults of the schedule. */
export async function fillToReview(user: UserEvent, name: string, credentialPart = 'Jira Cloud') {
  await fillConnection(user, { name });
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Credential');
  await chooseCredential(user, credentialPart);
  await next(user);
  await heading('Review');
}
