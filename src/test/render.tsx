// Component tests render the real routes against the real server (in-memory
// database, ephemeral port), with a fresh QueryClient that does not retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { refreshActivityAfterChanges } from '../api/auditHooks';
import { setApiBase } from '../api/client';
import { createRoutes } from '../app/routes';
import { session } from '../lib/session';
import type { TestServer } from '../../test/support/harness';

function createTestQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  // As the panel's own client does (app/queryClient.ts).
  refreshActivityAfterChanges(queryClient);
  return queryClient;
}

/** Points the panel at the server and signs in with `apiKey` (the admin's by default). */
export function connectTo(server: TestServer, apiKey: string | null = server.adminKey) {
  setApiBase(server.apiUrl);
  if (apiKey) session.signIn(apiKey);
  else session.signOut();
}

/** The whole panel at `path`, as a user would see it. */
export function renderApp(path: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** One component with the providers it needs. */
export function renderWithClient(ui: ReactNode, queryClient = createTestQueryClient()) {
  const user = userEvent.setup();
  return {
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
    user,
    queryClient,
  };
}
