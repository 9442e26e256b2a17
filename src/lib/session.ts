// Whether this tab is signed in, as a tiny external store React can subscribe
// to. The panel holds no key and no session token (docs/security.md, "Sessions"): the
// server keeps the session and the browser its HttpOnly cookie, which no script
// reads. The panel reads only the cookie beside it that says a session was
// opened, so it can ask for the first page at once.
import { INVITATION_FRAGMENT, SIGNED_IN_COOKIE } from '../contract/browserNames';

/** Everything the panel keeps for a browser tab is stored under this prefix. */
export const TAB_STORAGE_PREFIX = 'sourcedesk.';

interface Session {
  signedIn: boolean;
  /** Why the last session ended, shown on the sign-in page. */
  reason: string | null;
}

const hinted = () => {
  try {
    return document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
  } catch {
    return false;
  }
};

/** The hint goes when the session does (the server clears it too, on sign-out). */
const forgetHint = () => {
  try {
    document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // no document (a test without one): nothing to forget
  }
};

/** Why this tab's session ended, kept for the tab so a reload still says it. */
const REASON_KEY = `${TAB_STORAGE_PREFIX}sessionEnded`;

const keptReason = () => {
  try {
    return sessionStorage.getItem(REASON_KEY);
  } catch {
    return null;
  }
};

const keepReason = (reason: string | null) => {
  try {
    if (reason) sessionStorage.setItem(REASON_KEY, reason);
    else sessionStorage.removeItem(REASON_KEY);
  } catch {
    // storage refused: the words last until the tab reloads
  }
};

const signedInAtStart = hinted();
let state: Session = { signedIn: signedInAtStart, reason: signedInAtStart ? null : keptReason() };
const listeners = new Set<() => void>();

function set(next: Session) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The server opened a session (its cookie is set). */
  signedIn: () => {
    keepReason(null);
    set({ signedIn: true, reason: null });
  },
  /** The server no longer knows the session (401): sign in again, for `reason`. */
  signOut(reason: string | null = null) {
    forgetHint();
    keepReason(reason);
    set({ signedIn: false, reason });
  },
  /**
   * Signing out on purpose also forgets what the tab kept (a wizard's draft, a
   * pending attach), so whoever signs in next in this tab starts clean. A
   * session that ended on its own (401) signs out without it: the same person
   * signs in again and finds their work.
   */
  signOutAndForget() {
    try {
      for (const key of Object.keys(sessionStorage)) {
        if (key.startsWith(TAB_STORAGE_PREFIX)) sessionStorage.removeItem(key);
      }
    } catch {
      // storage refused: nothing was kept
    }
    forgetHint();
    set({ signedIn: false, reason: null });
  },
};

/** What a sign-in link carries: an API key (`#key=…`) or an invitation's token (`#invitation=…`). */
export type SignInLink = { key: string } | { invitation: string };

/**
 * A key or an invitation's token handed over in the address fragment (which
 * browsers do not send to servers) is taken out of the address bar at once and
 * answered, to be exchanged for a session; it is kept nowhere.
 */
export function takeSignInFromFragment(location: Location, history: History): SignInLink | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = params.get('key');
  const invitation = params.get(INVITATION_FRAGMENT);
  if (!key && !invitation) return null;
  params.delete('key');
  params.delete(INVITATION_FRAGMENT);
  const rest = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`,
  );
  return key ? { key } : { invitation: invitation! };
}
