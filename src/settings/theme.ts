import type { ThemeSetting } from './settings-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Sets the app's palette: `data-theme` on <html> is always 'light' or 'dark' ('system' is
 * resolved here, and again when the OS switches), so the CSS defines each palette once.
 * Returns a function that stops following the OS.
 */
export function applyTheme(
  root: HTMLElement,
  theme: ThemeSetting,
  media: Pick<
    MediaQueryList,
    'matches' | 'addEventListener' | 'removeEventListener'
  > | null = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null,
): () => void {
  const set = () =>
    root.setAttribute(
      'data-theme',
      theme === 'system' ? (media?.matches ? 'dark' : 'light') : theme,
    );
  set();
  if (theme !== 'system' || !media) return () => {};
  media.addEventListener('change', set);
  return () => media.removeEventListener('change', set);
}
