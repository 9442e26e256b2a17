// A source's mark, once the marks have loaded: they are one chunk of their own,
// asked for after the connectors list's first rows (or at once on any other
// page, lib/firstRows.ts), so the list's first rows carry none of them; until
// then, and for a source without a mark, the initials stand.
import { useEffect, useSyncExternalStore } from 'react';
import { useAfterFirstRows } from '../lib/firstRows';
import type { Logo } from '../sources/logos';

let logos: Readonly<Record<string, Logo | undefined>> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('../sources/logos').then(
    (module) => {
      logos = module.LOGOS;
      listeners.forEach((listener) => listener());
    },
    // A chunk that failed to load leaves the initials; a later page may try again.
    () => {
      loading = null;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The source's mark when the marks are loaded and it has one; undefined otherwise. */
export function useSourceLogo(source: string): Logo | undefined {
  const mayLoad = useAfterFirstRows();
  useEffect(() => {
    if (mayLoad) load();
  }, [mayLoad]);
  const loaded = useSyncExternalStore(
    subscribe,
    () => logos,
    () => logos,
  );
  return loaded && Object.hasOwn(loaded, source) ? loaded[source] : undefined;
}
