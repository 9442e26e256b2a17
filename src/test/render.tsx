// Component tests render the real routes against the real server (in-memory
// database, ephemeral port), with a fresh QueryClient that does not retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
} from 'react-router-dom';
import { setApiBase, setBearerKey } from '../api/client';
import { refreshActivityAfterChanges } from '../app/queryClient';
import { AppRoutes } from '../app/routes';
import { startVisit } from '../lib/firstRows';
import { session } from '../lib/session';
import type { TestServer } from '../../test/support/harness';

export function createTestQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  // As the panel's own client does (app/queryClient.ts).
  refreshActivityAfterChanges(queryClient);
  return queryClient;
}

/**
 * Points the panel at the server and signs in with `apiKey` (the admin's by
 * default). The server is on another origin than jsdom's page, so the panel
 * cannot hold its session cookie: it sends the key, as an API client does (the
 * cookie itself is the end-to-end tests' to check, in a real browser).
 */
export function connectTo(server: TestServer, apiKey: string | null = server.adminKey) {
  setApiBase(server.apiUrl);
  setBearerKey(apiKey);
  if (apiKey) session.signedIn();
  else session.signOut();
}

/** What a test reads of the router (the location on screen) and a way to move it. */
interface RouterView {
  state: { location: Location };
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  /** Back (-1) or Forward (1) in the history, as the browser's buttons. */
  go(delta: number): Promise<void>;
}

function RouterSpy({ onChange }: { onChange: (location: Location, go: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate), [onChange, location, navigate]);
  return null;
}

/** The whole panel at `path`, as a user would see it. */
export function renderApp(path: string, queryClient = createTestQueryClient()) {
  let go: NavigateFunction | undefined;
  const router: RouterView = {
    state: {} as RouterView['state'],
    navigate: (to, options) => act(async () => void (await go!(to, options))),
    go: (delta) => act(async () => void (await go!(delta))),
  };
  const onChange = (location: Location, navigate: NavigateFunction) => {
    router.state.location = location;
    go = navigate;
  };
  const user = userEvent.setup();
  // Each render of the app starts as a visit does (the first rows come first).
  startVisit();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterSpy onChange={onChange} />
        <AppRoutes />
      </MemoryRouter>
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
