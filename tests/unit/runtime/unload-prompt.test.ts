import { describe, expect, it } from 'vitest';
import { blockUnloadPrompt } from '../../../src/runtime/unload-prompt.ts';

/** A window of its own realm's EventTarget (so wrapping its prototype touches nothing else), with onbeforeunload. */
function fakeWindow() {
  class FrameEventTarget extends EventTarget {}
  class Body extends FrameEventTarget {}
  const win = new FrameEventTarget() as FrameEventTarget & Record<string, unknown>;
  let handler: ((event: Event) => unknown) | null = null;
  let listening = false;
  // As the browser's handler property: its listener is added when a handler is first set, and
  // cancels the event when the handler returns a string.
  const setHandler = (value: typeof handler) => {
    handler = value;
    if (listening || !value) return;
    listening = true;
    win.addEventListener('beforeunload', (event) => {
      if (typeof handler?.(event) === 'string') event.preventDefault();
    });
  };
  Object.defineProperty(win, 'onbeforeunload', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: setHandler,
  });
  Object.defineProperty(Body.prototype, 'onbeforeunload', {
    configurable: true,
    get: () => handler,
    set: setHandler,
  });
  Object.assign(win, { EventTarget: FrameEventTarget, HTMLBodyElement: Body });
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    win.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win, body: new Body(), unload };
}

describe('beforeunload in the preview', () => {
  it('a listener that cancels never runs, and the first one is noted once', () => {
    const { win, unload } = fakeWindow();
    let notes = 0;
    blockUnloadPrompt(win as unknown as Window & typeof globalThis, () => notes++);
    const ran: string[] = [];
    win.addEventListener('beforeunload', (event) => {
      ran.push('listener');
      event.preventDefault();
    });
    win.addEventListener('beforeunload', () => ran.push('again'));
    win.addEventListener('click', () => ran.push('click'));
    expect(unload()).toBe(false);
    win.dispatchEvent(new Event('click'));
    expect(ran).toEqual(['click']);
    expect(notes).toBe(1);
  });

  it('onbeforeunload on the window or on <body> is kept but never asks', () => {
    const { win, body, unload } = fakeWindow();
    let notes = 0;
    blockUnloadPrompt(win as unknown as Window & typeof globalThis, () => notes++);
    const ask = () => 'stay';
    win.onbeforeunload = null;
    expect(notes).toBe(0);
    win.onbeforeunload = ask;
    expect(win.onbeforeunload).toBe(ask);
    (body as unknown as { onbeforeunload: unknown }).onbeforeunload = ask;
    expect(unload()).toBe(false);
    expect(notes).toBe(1);
  });

  it('other targets keep their beforeunload listeners (only the window’s event is the prompt)', () => {
    const { win } = fakeWindow();
    blockUnloadPrompt(win as unknown as Window & typeof globalThis, () => {});
    const other = new (win.EventTarget as typeof EventTarget)();
    let heard = 0;
    other.addEventListener('beforeunload', () => heard++);
    other.dispatchEvent(new Event('beforeunload'));
    expect(heard).toBe(1);
  });
});
