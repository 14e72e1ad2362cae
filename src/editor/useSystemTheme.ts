import { useSyncExternalStore } from 'react';

/** Colour scheme of the editor. */
export type EditorTheme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  if (typeof matchMedia !== 'function') return () => {};
  const list = matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const getSnapshot = (): EditorTheme =>
  typeof matchMedia === 'function' && matchMedia(QUERY).matches ? 'dark' : 'light';

/** The OS colour scheme, updated live when the user switches it. */
export function useSystemTheme(): EditorTheme {
  return useSyncExternalStore(subscribe, getSnapshot, () => 'light');
}
