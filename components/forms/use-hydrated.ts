'use client';

import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

/** false in the server HTML (and with JavaScript off), true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
