import { useMediaQuery } from '../ui/useMediaQuery';

/** Colour scheme of the editor. */
export type EditorTheme = 'light' | 'dark';

/** The OS colour scheme, updated live when the user switches it. */
export function useSystemTheme(): EditorTheme {
  return useMediaQuery('(prefers-color-scheme: dark)') ? 'dark' : 'light';
}
