import type { ThemeSetting } from './settings-store';

/**
 * Sets the app's palette: `data-theme` on <html> picks light or dark; without it app.css
 * follows the OS through prefers-color-scheme.
 */
export function applyTheme(root: HTMLElement, theme: ThemeSetting): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}
