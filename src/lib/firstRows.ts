// What the connectors list's first rows do not need comes after them:
// the version banner and the credential filter's picker are asked for once the
// list has answered (or failed), or at once on any other page. And whether the
// visit's first page is in: it waits for its code in the shell, later pages
// are transitions (routes.tsx).
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

/** The list has answered (its first rows are on screen, or its error): the rest may load. */
export function markFirstRows(): void {
  if (shown) return;
  shown = true;
  listeners.forEach((listener) => listener());
}

let firstPageShown = false;
export const firstPageWasShown = (): boolean => firstPageShown;
export function markFirstPageShown(): void {
  firstPageShown = true;
}

/** A new visit (a test's fresh render of the app): its first page and first rows come first again. */
export function startVisit(): void {
  firstPageShown = false;
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
