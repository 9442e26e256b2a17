// @vitest-environment jsdom
// Every page's tab says which page it is: the title follows the h1 on screen.
import { act, render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { titleFor, useTitleFromHeading } from './pageTitle';

test('a page is named by its heading, and the brand is not said twice', () => {
  expect(titleFor('Users and roles')).toBe('Users and roles — Sourcedesk');
  expect(titleFor('  New   Jira connector ')).toBe('New Jira connector — Sourcedesk');
  expect(titleFor('Sign in to Sourcedesk')).toBe('Sign in to Sourcedesk');
  expect(titleFor(undefined)).toBe('Sourcedesk');
});

const body = () => document.body;

function Page({ heading }: { heading: string | null }) {
  useTitleFromHeading(body);
  return <main>{heading && <h1>{heading}</h1>}</main>;
}

test('the title follows the heading as pages come and go', async () => {
  const view = render(<Page heading="Connectors" />);
  expect(document.title).toBe('Connectors — Sourcedesk');
  await act(async () => view.rerender(<Page heading="Credentials" />));
  expect(document.title).toBe('Credentials — Sourcedesk');
  await act(async () => view.rerender(<Page heading={null} />));
  expect(document.title).toBe('Sourcedesk');
});
