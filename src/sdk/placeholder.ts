import type { EmbedTheme } from '../protocol/embed';

/** The CSS colour-scheme of a theme: the placeholder's system colours follow it. */
export const colorScheme = (theme: EmbedTheme | undefined) =>
  theme === 'light' || theme === 'dark' ? theme : 'light dark';

/**
 * What stands in for an embed not loaded yet: its code as static text (readable, and the same
 * height as the embed, so nothing moves when it loads), and for 'click' a "Load playground"
 * button. Text only: the code is set as textContent, never parsed as HTML.
 */
export function placeholder(code: string, style: string, onLoad: (() => void) | null): HTMLElement {
  const box = document.createElement('div');
  box.style.cssText = `${style};position:relative;overflow:hidden;background:Canvas;color:CanvasText;border:1px solid GrayText;box-sizing:border-box`;
  const pre = document.createElement('pre');
  pre.style.cssText = 'margin:0;padding:12px 16px;font:13px/1.5 ui-monospace,monospace;opacity:.8';
  pre.textContent = code;
  box.append(pre);
  if (onLoad) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Load playground';
    button.style.cssText =
      'position:absolute;inset:auto 16px 16px auto;padding:8px 14px;font:inherit;cursor:pointer';
    button.onclick = onLoad;
    box.append(button);
  }
  return box;
}
