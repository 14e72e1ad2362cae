import { describe, expect, it } from 'vitest';
import { createFocusKeeper } from '../../../src/preview/focus-keeper';

type Listener = (event: { target: unknown; isTrusted: boolean; key?: string }) => void;

/** A document and window that only do what the keeper uses: focus moves, focusin, blur. */
function fakePage() {
  const listeners = new Map<string, Listener[]>();
  const on = (type: string, fn: Listener) =>
    listeners.set(type, [...(listeners.get(type) ?? []), fn]);
  const off = (type: string, fn: Listener) =>
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((l) => l !== fn),
    );
  const fire = (type: string, target: unknown, isTrusted = true, key?: string) => {
    for (const l of listeners.get(type) ?? []) l({ target, isTrusted, key });
  };
  const win = { addEventListener: on, removeEventListener: off };
  const doc = {
    activeElement: null as unknown,
    defaultView: win,
    addEventListener: on,
    removeEventListener: off,
  };
  const element = (tagName: string) => {
    const el = {
      tagName,
      isConnected: true,
      focus() {
        const before = doc.activeElement;
        if (before) fire('blur', before);
        doc.activeElement = el;
        if (tagName !== 'IFRAME') fire('focusin', el);
      },
      blur() {
        if (doc.activeElement === el) doc.activeElement = null;
      },
    };
    return el;
  };
  return { doc: doc as unknown as Document, element, fire, listeners };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('focus keeper', () => {
  it('gives focus back to the app element that had it when the preview reports taking it', () => {
    const page = fakePage();
    const keeper = createFocusKeeper(page.doc);
    const slider = page.element('INPUT');
    const iframe = page.element('IFRAME');
    slider.focus();
    iframe.focus();
    keeper.reclaim(iframe as unknown as HTMLIFrameElement);
    expect(page.doc.activeElement).toBe(slider);
  });

  it('waits for the move when the report arrives first (the preview is another process)', async () => {
    let clock = 0;
    const page = fakePage();
    const keeper = createFocusKeeper(page.doc, () => clock);
    const editor = page.element('DIV');
    const iframe = page.element('IFRAME');
    editor.focus();
    keeper.reclaim(iframe as unknown as HTMLIFrameElement);
    expect(page.doc.activeElement).toBe(editor);
    clock = 40;
    iframe.focus();
    expect(page.doc.activeElement).toBe(iframe);
    await tick();
    expect(page.doc.activeElement).toBe(editor);
  });

  it('leaves focus alone once the report is stale: a later click of the user into the preview stands', async () => {
    let clock = 0;
    const page = fakePage();
    const keeper = createFocusKeeper(page.doc, () => clock);
    const editor = page.element('DIV');
    const iframe = page.element('IFRAME');
    editor.focus();
    keeper.reclaim(iframe as unknown as HTMLIFrameElement);
    clock = 2000;
    iframe.focus();
    await tick();
    expect(page.doc.activeElement).toBe(iframe);
  });

  it('leaves focus alone when the user has moved it elsewhere, and blurs the frame when the old element is gone', () => {
    const page = fakePage();
    const keeper = createFocusKeeper(page.doc);
    const button = page.element('BUTTON');
    const other = page.element('IFRAME');
    const iframe = page.element('IFRAME');
    button.focus();
    other.focus();
    keeper.reclaim(iframe as unknown as HTMLIFrameElement);
    expect(page.doc.activeElement).toBe(other);
    button.isConnected = false;
    iframe.focus();
    keeper.reclaim(iframe as unknown as HTMLIFrameElement);
    expect(page.doc.activeElement).toBe(null);
  });

  it('tells the preview when focus left the app for it by itself, with the pointer’s last time in the app', async () => {
    let clock = 100;
    const page = fakePage();
    const entered: unknown[] = [];
    createFocusKeeper(
      page.doc,
      () => clock,
      (iframe, intent) => entered.push([iframe, intent]),
    );
    const editor = page.element('DIV');
    const iframe = page.element('IFRAME');
    editor.focus();
    page.fire('pointerdown', editor, true);
    clock = 5000;
    iframe.focus();
    page.fire('blur', page.doc.defaultView);
    await tick();
    expect(entered).toEqual([[iframe, { pointerAt: performance.timeOrigin + 100, tabbed: false }]]);
  });

  it('says when Tab just moved focus, and says nothing of moves inside the app or untrusted events', async () => {
    let clock = 100;
    const page = fakePage();
    const entered: { tabbed: boolean; pointerAt: number }[] = [];
    createFocusKeeper(
      page.doc,
      () => clock,
      (_, intent) => entered.push(intent),
    );
    const editor = page.element('DIV');
    const button = page.element('BUTTON');
    const iframe = page.element('IFRAME');
    editor.focus();
    button.focus();
    page.fire('pointerdown', button, false);
    await tick();
    expect(entered).toEqual([]);
    page.fire('keydown', button, true, 'Tab');
    clock = 200;
    iframe.focus();
    page.fire('blur', page.doc.defaultView);
    await tick();
    expect(entered).toEqual([{ tabbed: true, pointerAt: -Infinity }]);
  });

  it('stops listening when disposed', () => {
    const page = fakePage();
    const keeper = createFocusKeeper(page.doc);
    keeper.dispose();
    expect([...page.listeners.values()].flat()).toHaveLength(0);
  });
});
