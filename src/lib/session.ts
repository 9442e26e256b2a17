// The signed-in API key, kept for this browser tab only (sessionStorage, never
// localStorage), as a tiny external store React can subscribe to.
const STORAGE_KEY = 'sourcedesk.apiKey';

export interface Session {
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
