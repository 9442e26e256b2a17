// The version tag whose notice was dismissed, remembered in this browser
// (localStorage: it holds no secret) as a tiny store React can subscribe to.
// Only one tag is kept, so a newer version shows its notice again.
import { useSyncExternalStore } from 'react';

export const DISMISSED_VERSION_KEY = 'sourcedesk.dismissedVersion';

const listeners = new Set<() => void>();
/** Used when storage is refused (private mode): dismissed for this page's life. */
let inMemory: string | null = null;

function read(): string | null {
  try {
    return localStorage.getItem(DISMISSED_VERSION_KEY);
  } catch {
    return inMemory;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's dismissal counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISMISSED_VERSION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function dismiss(tag: string) {
  try {
    localStorage.setItem(DISMISSED_VERSION_KEY, tag);
  } catch {
    inMemory = tag;
  }
  listeners.forEach((listener) => listener());
}

export function useDismissedVersion() {
  const dismissed = useSyncExternalStore(subscribe, read, () => null);
  return [dismissed, dismiss] as const;
}
