// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import type { VersionSet } from '../../contract/contract';
import { versionKeys } from '../../api/versions';
import { connectTo, renderApp, renderWithClient } from '../../test/render';
import { DISMISSED_VERSION_KEY } from './dismissedVersion';
import { VersionBanner } from './VersionBanner';

// The test server runs `v` + package.json's version.
const RUNNING = 'v0.1.0';

const versionSet = (stable: string, dev = stable): VersionSet => {
  const tags = (app: string) => ({
    app,
    relational_db: 'sqlite:3.53',
    index: 'none',
    proxy: 'none',
  });
  return { stable: tags(stable), dev: tags(dev), migration: tags(stable) };
};

const servers: TestServer[] = [];
async function serverWith(versions?: VersionSet) {
  const server = await startTestServer({ versions });
  servers.push(server);
  connectTo(server);
  return server;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const region = () => screen.getByRole('status', { name: 'Sourcedesk version' });

/**
 * The positive control of a "shows nothing" case: the same banner, told a newer
 * release is out, does show it — so an empty region above meant "nothing to say",
 * not a banner that never renders.
 */
async function expectShownOnceNewer(queryClient: QueryClient) {
  act(() => {
    queryClient.setQueryData(versionKeys.latest(), versionSet('v9.9.9'));
    queryClient.setQueryData(versionKeys.running(), { backend_version: RUNNING });
  });
  expect(
    await within(region()).findByText(`Sourcedesk v9.9.9 is available — you run ${RUNNING}.`),
  ).toBeInTheDocument();
}

/** Both checks have answered (or failed) and the banner has rendered what they said. */
async function settled(queryClient: QueryClient) {
  await waitFor(() => {
    const queries = queryClient.getQueryCache().findAll({ queryKey: versionKeys.all });
    expect(queries).toHaveLength(2);
    queries.forEach((query) => expect(query.state.status).not.toBe('pending'));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test('a newer stable release is announced politely, and /versions goes without a key', async () => {
  await serverWith(versionSet('v9.0.0', 'v9.1.0-beta.1'));
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  renderWithClient(<VersionBanner />);

  expect(
    await within(region()).findByText(`Sourcedesk v9.0.0 is available — you run ${RUNNING}.`),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Beta/)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The advertised version's own release notes, one click away.
  expect(
    within(region()).getByRole('link', { name: 'What is new in v9.0.0 (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://github.com/onyx-dot-app/onyx/releases/tag/v9.0.0');

  const versionsCall = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/versions'));
  expect(versionsCall).toBeDefined();
  expect(Object.keys(versionsCall?.[1]?.headers ?? {})).not.toContain('Authorization');
});

test('a newer beta gets a quieter note of its own', async () => {
  await serverWith(versionSet(RUNNING, 'v0.2.0-beta.2'));
  renderWithClient(<VersionBanner />);

  expect(await within(region()).findByText('Beta v0.2.0-beta.2 is available.')).toBeInTheDocument();
  expect(screen.queryByText(/Sourcedesk v/)).not.toBeInTheDocument();
});

test.each([
  ['the same version everywhere', undefined],
  ['an older stable and a beta of the running version', versionSet('v0.0.9', 'v0.1.0-beta.3')],
  ['a beta older than the stable release', versionSet('v0.1.0', 'v0.0.9-rc.1')],
])('shows nothing when up to date: %s', async (_name, versions) => {
  await serverWith(versions);
  const { queryClient } = renderWithClient(<VersionBanner />);
  await settled(queryClient);
  expect(region()).toBeEmptyDOMElement();
  await expectShownOnceNewer(queryClient);
});

test.each([
  ['stable', versionSet('latest', 'v9.0.0-beta.1')],
  ['dev', versionSet('v9.0.0', 'nightly')],
  ['a two-part stable', versionSet('v9.0', 'v9.0')],
])('shows nothing when the %s tag does not parse', async (_name, versions) => {
  await serverWith(versions);
  const { queryClient } = renderWithClient(<VersionBanner />);
  await settled(queryClient);
  expect(region()).toBeEmptyDOMElement();
  await expectShownOnceNewer(queryClient);
});

test.each(['/api/versions', '/api/version'])('shows nothing when %s fails', async (failing) => {
  await serverWith(versionSet('v9.0.0'));
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    new URL(String(input)).pathname === failing
      ? Promise.resolve(new Response('{"detail":"Internal Server Error"}', { status: 500 }))
      : realFetch(input, init),
  );
  const { queryClient } = renderWithClient(<VersionBanner />);
  await settled(queryClient);
  expect(region()).toBeEmptyDOMElement();
  await expectShownOnceNewer(queryClient);
});

test('a dismissal is remembered for that version only', async () => {
  await serverWith(versionSet('v9.0.0'));
  const first = renderWithClient(<VersionBanner />);
  await first.user.click(await screen.findByRole('button', { name: 'Dismiss' }));
  expect(region()).toBeEmptyDOMElement();
  expect(localStorage.getItem(DISMISSED_VERSION_KEY)).toBe('v9.0.0');
  first.unmount();

  // Later, the same version stays dismissed…
  const again = renderWithClient(<VersionBanner />);
  await settled(again.queryClient);
  expect(region()).toBeEmptyDOMElement();
  again.unmount();

  // …and a newer one shows again.
  await serverWith(versionSet('v9.1.0'));
  renderWithClient(<VersionBanner />);
  expect(await screen.findByText(/Sourcedesk v9\.1\.0 is available/)).toBeInTheDocument();
});

test('is on every page of the panel', async () => {
  await serverWith(versionSet('v9.0.0'));
  renderApp('/users');
  expect(await screen.findByText(/Sourcedesk v9\.0\.0 is available/)).toBeInTheDocument();
});
