import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, followed live. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (fn) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', fn);
      return () => list.removeEventListener('change', fn);
    },
    () => window.matchMedia(query).matches,
  );
}
