// The signed-in API key, kept for this browser tab only (sessionStorage, never
// localStorage), as a tiny external store React can subscribe to.
/** Everything the panel keeps for a browser tab is stored under this prefix. */
export const TAB_STORAGE_PREFIX = 'sourcedesk.';
const STORAGE_KEY = `${TAB_STORAGE_PREFIX}apiKey`;

interface Session {
  apiKey: string | null;
  /** Why the last session ended, shown on the sign-in page. */
  reason: string | null;
}

let state: Session = { apiKey: readStored(), reason: null };
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function set(next: Session) {
  state = next;
  try {
    if (next.apiKey) sessionStorage.setItem(STORAGE_KEY, next.apiKey);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): the key lives in memory only
  }
  listeners.forEach((listener) => listener());
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn: (apiKey: string) => set({ apiKey: apiKey.trim(), reason: null }),
  signOut: (reason: string | null = null) => set({ apiKey: null, reason }),
  /**
   * Signing out on purpose also forgets what the tab kept (a wizard's draft, a
   * pending attach), so whoever signs in next in this tab starts clean. A key
   * refused by the server (401) signs out without it: the same person signs in
   * again and finds their work.
   */
  signOutAndForget() {
    try {
      for (const key of Object.keys(sessionStorage)) {
        if (key.startsWith(TAB_STORAGE_PREFIX)) sessionStorage.removeItem(key);
      }
    } catch {
      // storage refused: nothing was kept
    }
    set({ apiKey: null, reason: null });
  },
};

/**
 * A key handed over in the address fragment (`#key=…`, which browsers do not
 * send to servers) signs in and is removed from the address bar at once.
 */
export function takeKeyFromFragment(location: Location, history: History): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = params.get('key');
  if (!key) return;
  session.signIn(key);
  params.delete('key');
  const rest = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`,
  );
}
