import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server (prerendered pages) and while it hydrates that HTML,
 * true once the page runs in the browser (and at once for a page rendered in the browser). The
 * ui Button keeps submit buttons disabled until then (a native submit would put the fields in the
 * URL); the landing waits for it before loading its signup form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
