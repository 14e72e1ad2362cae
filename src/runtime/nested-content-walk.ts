/**
 * Finds what in a subtree can show a document of its own, through every shadow root it can
 * see. The observer in nested-frame-sandbox.ts watches a tree, and a MutationObserver on a
 * tree sees nothing inside the shadow roots of its elements: an iframe in a shadow root made
 * by `setHTMLUnsafe('<template shadowrootmode="open">…')`, `Document.parseHTMLUnsafe` or a
 * clone of a `clonable` root would load with the preview's full flags. DOM-free (the DOM is
 * reached through `access`), so it is tested without a browser.
 */

/** How the walk reads the tree; the installer passes the DOM's own accessors. */
export interface TreeAccess<E, R> {
  /** The elements in `container`'s own tree (not inside shadow roots), itself first when an element. */
  elementsIn(container: E | R): ArrayLike<E>;
  /** Upper-case tag name. */
  tag(el: E): string;
  /** The element's shadow root, when the walk can see it (open, or one the runtime kept). */
  shadowRoot(el: E): R | null;
}

export interface NestedContent<E, R> {
  /** `<iframe>`s: limited through their sandbox attribute. */
  iframes: E[];
  /** `<frame>`s: they have no sandbox attribute, so nothing can limit them. */
  frames: E[];
  /** `<object>`s and `<embed>`s (the preview's CSP blocks what they would load). */
  embeds: E[];
  /** The shadow roots met on the way, nested ones included. */
  roots: R[];
}

/** What `container` holds, its shadow roots' content included. */
export function nestedContent<E, R>(
  container: E | R,
  access: TreeAccess<E, R>,
): NestedContent<E, R> {
  const found: NestedContent<E, R> = { iframes: [], frames: [], embeds: [], roots: [] };
  const pending: (E | R)[] = [container];
  // A root is met once: an element has at most one shadow root, and is in one tree.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const elements = access.elementsIn(next);
    for (let i = 0; i < elements.length; i++) {
      const el = elements[i]!;
      const tag = access.tag(el);
      if (tag === 'IFRAME') found.iframes.push(el);
      else if (tag === 'FRAME') found.frames.push(el);
      else if (tag === 'OBJECT' || tag === 'EMBED') found.embeds.push(el);
      const root = access.shadowRoot(el);
      if (root) {
        found.roots.push(root);
        pending.push(root);
      }
    }
  }
  return found;
}
