// @vitest-environment jsdom
// The first page of a visit appears in the shell without the shell going away
// for the page's code: hiding it for a fallback also held the page back
// (React shows content that comes in after a fallback no sooner than 300 ms after it).
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { connectTo, renderApp } from '../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The page's module compiled first (a busy machine takes seconds), as a browser's cache would hold it.
  await import('../features/connectors/ConnectorsPage');
});
afterAll(() => server.close());

test('opened at /connectors, the shell once shown stays on screen while the page’s code comes in', async () => {
  connectTo(server);
  const hidden: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target as HTMLElement;
      if (element.style.display === 'none') hidden.push(element.tagName.toLowerCase());
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['style'], subtree: true });
  try {
    renderApp('/connectors');
    expect(await screen.findByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
  } finally {
    observer.disconnect();
  }
  expect(hidden).toEqual([]);
});
