import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server (prerendered pages) and while it hydrates that HTML,
 * true once the page runs in the browser. Forms of prerendered pages keep their submit button
 * disabled until then, so a press before the JavaScript has loaded cannot submit the form natively
 * (which would put its fields in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
