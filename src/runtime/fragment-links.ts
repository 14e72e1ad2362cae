/**
 * A click on a `#fragment` link in the preview (the user's, a replayed one, or the program's
 * `a.click()`) would add an entry to the app tab's history, like `location.hash = …` does
 * (fragment-nav.ts). The browser follows a link after the click's dispatch unless a listener
 * called preventDefault(), which the program may still do after this listener. So the real
 * default action is cancelled here, first, while the event tells the program's listeners only
 * about their own preventDefault(); when the dispatch ends (at the window in the bubble phase,
 * or once a listener stopped propagation), a link nobody cancelled is followed in memory.
 * A non-cancelable synthetic click cannot be cancelled and still navigates for real.
 */
import type { FragmentNav } from './fragment-nav.ts';
import { apply } from './safe-reflect.ts';

type Getter = (this: unknown) => unknown;
const getter = (proto: object, key: string) =>
  Object.getOwnPropertyDescriptor(proto, key)!.get as Getter;

/** Follows same-document fragment links of `win` through `nav`. Call before the program runs. */
export function installFragmentLinks(win: Window & typeof globalThis, nav: FragmentNav): void {
  const proto = win.Event.prototype;
  const { preventDefault, stopPropagation, stopImmediatePropagation } = proto;
  const phaseOf = getter(proto, 'eventPhase');
  const targetOf = getter(proto, 'target');
  const cancelableOf = getter(proto, 'cancelable');
  const preventedOf = getter(proto, 'defaultPrevented');
  const mouse = win.MouseEvent.prototype;
  const keys = ['button', 'ctrlKey', 'metaKey', 'shiftKey', 'altKey'].map((k) => getter(mouse, k));
  const { closest, getAttribute, hasAttribute } = win.Element.prototype;
  const querySelector = win.Document.prototype.querySelector;
  const { addEventListener, removeEventListener } = win.EventTarget.prototype;
  const MouseEventCtor = win.MouseEvent;
  const URLCtor = win.URL;
  const microtask = win.queueMicrotask.bind(win);
  const define = Object.defineProperty;
  const doc = win.document;

  /** The URL a plain click on the event's link would go to, if it only changes the fragment. */
  const fragmentOf = (event: Event): string | null => {
    if (!(event instanceof MouseEventCtor)) return null;
    // Another button or a modifier opens a window or a download: not this frame's history.
    if (keys.some((key, i) => apply(key, event, []) !== (i === 0 ? 0 : false))) return null;
    try {
      const link = apply(closest, apply(targetOf, event, []), ['a[href], area[href]']) as unknown;
      if (!link || apply(hasAttribute, link, ['download'])) return null;
      const base = apply(querySelector, doc, ['base[target]']) as Element | null;
      const named = (apply(getAttribute, link, ['target']) ??
        (base && apply(getAttribute, base, ['target'])) ??
        '') as string;
      if (!['', '_self'].includes(named.trim().toLowerCase())) return null;
      const url = new URLCtor(apply(getAttribute, link, ['href']) as string, doc.baseURI);
      return nav.isFragment(url) ? url.href : null;
    } catch {
      return null; // the window or a text node's event, or an href that does not parse
    }
  };

  const onClick = (event: Event) => {
    // Already cancelled: a paused or replaying preview blocks real clicks (clock/inputs.ts).
    if (apply(preventedOf, event, [])) return;
    const url = fragmentOf(event);
    if (!url || !apply(cancelableOf, event, [])) return;
    apply(preventDefault, event, []);
    let prevented = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      apply(removeEventListener, win, ['click', atEnd]);
      if (!prevented) nav.navigate(url, true);
    };
    const atEnd = (e: Event) => {
      if (e === event) finish();
    };
    const method = (value: (this: Event) => void) => ({
      value,
      configurable: true,
      writable: true,
    });
    define(event, 'defaultPrevented', { get: () => prevented, configurable: true });
    define(event, 'returnValue', {
      get: () => !prevented,
      set: (value: unknown) => {
        if (!value) prevented = true;
      },
      configurable: true,
    });
    define(
      event,
      'preventDefault',
      method(() => {
        prevented = true;
      }),
    );
    // The dispatch ends after the listener that stops it (microtasks run after each listener).
    for (const [name, real] of [
      ['stopPropagation', stopPropagation],
      ['stopImmediatePropagation', stopImmediatePropagation],
    ] as const)
      define(
        event,
        name,
        method(function (this: Event) {
          apply(real, event, []);
          microtask(finish);
        }),
      );
    // Added now, so it runs after every listener the window had when the click began.
    apply(addEventListener, win, ['click', atEnd]);
    // A click that does not bubble never comes back to the window: over once its dispatch is.
    microtask(() => {
      if (apply(phaseOf, event, []) === 0) finish();
    });
  };
  apply(addEventListener, win, ['click', onClick, { capture: true }]);
}
