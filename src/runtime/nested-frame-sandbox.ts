/**
 * Frames the program nests in the preview (an iframe with srcdoc, a blob:, data: or web URL)
 * get the preview's sandbox without `allow-modals` and `allow-popups`. A nested document has
 * a realm of its own, out of reach of the rationing that keeps a loop of alerts or
 * window.open calls from taking the app's tab (clock/activation-guard.ts): measured, a
 * nested srcdoc frame opened 20 alerts and 20 windows in a second with no click at all.
 *
 * The flags a document gets are those its iframe had when its navigation began, which is at
 * insertion (before any observer runs). So a frame whose flags had to change is navigated
 * again, to the same srcdoc or src, in the same microtask checkpoint: its first navigation
 * has not committed yet, and only the limited document ever runs.
 *
 * Frames inside shadow roots are met through attachShadow. Left out: a declarative shadow
 * root (`<template shadowrootmode>`), and `<object>`/`<embed>` (no sandbox attribute).
 */
import { NESTED_FRAME_DENIED } from '../protocol/sandbox.ts';
import { apply } from './safe-reflect.ts';

/** The sandbox attribute a nested frame gets: its own tokens (or none) less the denied ones. */
export function nestedSandbox(current: string | null, preview: readonly string[]): string {
  const tokens = current === null ? preview : current.split(/\s+/).filter(Boolean);
  return tokens.filter((t) => !NESTED_FRAME_DENIED.includes(t.toLowerCase())).join(' ');
}

/** Installs the limit on `win` (before any user code). */
export function installNestedFrameSandbox(
  win: Window & typeof globalThis,
  previewFlags: readonly string[],
): void {
  const { getAttribute, setAttribute, hasAttribute, getElementsByTagName } = win.Element.prototype;
  const tagOf = Object.getOwnPropertyDescriptor(win.Element.prototype, 'tagName')!.get!;
  const Observer = win.MutationObserver;
  const observe = Observer.prototype.observe;
  const ElementCtor = win.Element;

  const limit = (frame: Element) => {
    const current = apply(getAttribute, frame, ['sandbox']) as string | null;
    const wanted = nestedSandbox(current, previewFlags);
    if (current === wanted) return;
    apply(setAttribute, frame, ['sandbox', wanted]);
    // Navigated again: the flags apply from the next navigation on.
    for (const name of ['srcdoc', 'src']) {
      if (!apply(hasAttribute, frame, [name])) continue;
      apply(setAttribute, frame, [name, apply(getAttribute, frame, [name])]);
      return;
    }
  };
  const isFrame = (node: unknown): node is Element =>
    node instanceof ElementCtor && apply(tagOf, node, []) === 'IFRAME';

  const observer = new Observer((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        // The program changed a frame's sandbox (it applies from its next navigation).
        if (isFrame(record.target)) limit(record.target);
        continue;
      }
      const added = record.addedNodes;
      for (let i = 0; i < added.length; i++) {
        const node = added[i];
        if (!(node instanceof ElementCtor)) continue;
        if (isFrame(node)) limit(node);
        else {
          const inside = apply(getElementsByTagName, node, ['iframe']) as HTMLCollection;
          for (let j = 0; j < inside.length; j++) limit(inside[j]!);
        }
      }
    }
  });
  const watch = (root: Node) =>
    apply(observe, observer, [
      root,
      { childList: true, subtree: true, attributes: true, attributeFilter: ['sandbox'] },
    ]);
  watch(win.document);

  const attachShadow = win.Element.prototype.attachShadow;
  Object.defineProperty(win.Element.prototype, 'attachShadow', {
    ...Object.getOwnPropertyDescriptor(win.Element.prototype, 'attachShadow'),
    value: function (this: Element, init: ShadowRootInit) {
      const root = apply(attachShadow, this, [init]) as ShadowRoot;
      watch(root);
      return root;
    },
  });
}
