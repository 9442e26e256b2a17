// What the connectors list's first rows do not need comes after them:
// the version banner and the credential filter's picker are asked for once the
// list has answered (or failed), or at once on any other page.
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

/** The list has answered (its first rows are on screen, or its error): the rest may load. */
export function markFirstRows(): void {
  if (shown) return;
  shown = true;
  listeners.forEach((listener) => listener());
}

/** A new visit: what waits for the first rows waits again (a test's fresh render of the app). */
export function forgetFirstRows(): void {
  shown = false;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether what waits for the list's first rows may load now. */
export const useAfterFirstRows = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
