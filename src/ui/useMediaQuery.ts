import { useSyncExternalStore } from 'react';

const canQuery = () => typeof matchMedia === 'function';

/** Whether a CSS media query matches, followed live; false where media queries are unknown. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (fn) => {
      if (!canQuery()) return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', fn);
      return () => list.removeEventListener('change', fn);
    },
    () => canQuery() && matchMedia(query).matches,
    () => false,
  );
}
