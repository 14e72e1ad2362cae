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
 * The observer sees one tree; shadow roots are trees of their own. Each root the walk can
 * reach (nested-content-walk.ts) is watched too: those of attachShadow, open declarative ones
 * (`setHTMLUnsafe`, `Document.parseHTMLUnsafe`, a clone of a `clonable` root), and closed ones
 * a custom element reads from its ElementInternals. The browser's parser makes closed
 * declarative roots no script can reach, so HTML given to `setHTMLUnsafe` and
 * `parseHTMLUnsafe` has its roots made by the runtime (declarative-roots.ts).
 *
 * `<object>` and `<embed>` have no sandbox attribute: preview.html's CSP (`object-src 'none'`)
 * blocks what they would load, and this says so once. A `<frame>` has none either and nothing
 * blocks it (not even shown outside a frameset, it still runs scripts): it is removed.
 */
import { NESTED_FRAME_DENIED } from '../protocol/sandbox.ts';
import { createRootDeclarer, mayDeclareRoots } from './declarative-roots.ts';
import { nestedContent, type TreeAccess } from './nested-content-walk.ts';
import { apply } from './safe-reflect.ts';

export const EMBED_NOTE =
  'playpen: <object> and <embed> show only their fallback content in the preview: a page they showed would escape its limits on dialogs and windows. Use <img> for an image, <iframe> for a page.';
export const FRAME_NOTE =
  'playpen: a <frame> was removed from the preview: it cannot be sandboxed. Use <iframe>.';

/** The sandbox attribute a nested frame gets: its own tokens (or none) less the denied ones. */
export function nestedSandbox(current: string | null, preview: readonly string[]): string {
  const tokens = current === null ? preview : current.split(/\s+/).filter(Boolean);
  return tokens.filter((t) => !NESTED_FRAME_DENIED.includes(t.toLowerCase())).join(' ');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any native method or getter
type Native = (this: any, ...args: any[]) => unknown;

/** Replaces `proto[key]`'s value (or getter) with `wrap(original)`, keeping its other traits. */
function patch(proto: object | undefined, key: string, wrap: (fn: Native) => Native): void {
  const desc = proto && Object.getOwnPropertyDescriptor(proto, key);
  if (!desc) return; // Not in this browser: nothing to cover.
  if (desc.get) Object.defineProperty(proto, key, { ...desc, get: wrap(desc.get) });
  else if (typeof desc.value === 'function')
    Object.defineProperty(proto, key, { ...desc, value: wrap(desc.value as Native) });
}

/** ShadowRootInit's members, inherited ones included (a spread copies only its own). */
const INIT_KEYS = [
  'mode',
  'delegatesFocus',
  'slotAssignment',
  'clonable',
  'serializable',
  'customElementRegistry',
];

/**
 * Installs the limit on `win` (before any user code). `warn` speaks in Playpen's console.
 * Returns how to read an element's shadow root, closed ones the runtime made included.
 */
export function installNestedFrameSandbox(
  win: Window & typeof globalThis,
  previewFlags: readonly string[],
  warn: (text: string) => void,
): { shadowRootOf(el: Element): ShadowRoot | null } {
  const { getAttribute, setAttribute, hasAttribute, getElementsByTagName, remove } =
    win.Element.prototype;
  const docElements = win.Document.prototype.getElementsByTagName;
  const fragmentQuery = win.DocumentFragment.prototype.querySelectorAll;
  const get = (proto: object, key: string) => Object.getOwnPropertyDescriptor(proto, key)!.get!;
  const tagOf = get(win.Element.prototype, 'tagName');
  const shadowOf = get(win.Element.prototype, 'shadowRoot');
  const hostOf = get(win.ShadowRoot.prototype, 'host');
  const Observer = win.MutationObserver;
  const observe = Observer.prototype.observe;
  const { Element: ElementCtor, Document: DocumentCtor } = win;

  // Roots the program made or reached that `shadowRoot` does not show (closed ones).
  const kept = new WeakMap<Element, ShadowRoot>();
  const watched = new WeakSet<Node>();
  const said = { embed: false, frame: false };

  const access: TreeAccess<Element, Node> = {
    elementsIn(container) {
      if (container instanceof ElementCtor) {
        const inside = apply(getElementsByTagName, container, ['*']) as HTMLCollection;
        const all: Element[] = [container];
        for (let i = 0; i < inside.length; i++) all.push(inside[i]!);
        return all;
      }
      if (container instanceof DocumentCtor)
        return apply(docElements, container, ['*']) as HTMLCollection;
      return apply(fragmentQuery, container, ['*']) as NodeListOf<Element>;
    },
    tag: (el) => apply(tagOf, el, []) as string,
    shadowRoot: (el) => (apply(shadowOf, el, []) as ShadowRoot | null) ?? kept.get(el) ?? null,
  };

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
  const stop = (frame: Element) => {
    // Removed, its document goes with it, before its first navigation commits.
    apply(remove, frame, []);
    if (said.frame) return;
    said.frame = true;
    warn(FRAME_NOTE);
  };
  const note = (embed: Element) => {
    if (said.embed) return;
    const loads = ['data', 'src'].some((name) => apply(hasAttribute, embed, [name]));
    if (!loads) return;
    said.embed = true;
    warn(EMBED_NOTE);
  };
  const handle = (container: Node) => {
    const found = nestedContent(container, access);
    for (const frame of found.iframes) limit(frame);
    for (const frame of found.frames) stop(frame);
    for (const embed of found.embeds) note(embed);
    for (const root of found.roots) watch(root);
  };

  const observer = new Observer((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        // A frame's sandbox changed (it applies from its next navigation), or what an
        // object or embed loads. Each handler looks at the element alone.
        const target = record.target as Element;
        const tag = access.tag(target);
        if (tag === 'IFRAME') limit(target);
        else if (tag === 'OBJECT' || tag === 'EMBED') note(target);
        continue;
      }
      const added = record.addedNodes;
      for (let i = 0; i < added.length; i++) {
        const node = added[i];
        if (node instanceof ElementCtor) handle(node);
      }
    }
  });
  const watch = (root: Node) => {
    if (watched.has(root)) return;
    watched.add(root);
    apply(observe, observer, [
      root,
      {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['sandbox', 'data', 'src'],
      },
    ]);
  };
  watch(win.document);

  const attachShadow = win.Element.prototype.attachShadow;
  const attach = (host: Element, init: ShadowRootInit) => {
    // Read once into plain data: what is checked here is what the browser reads.
    const made: Record<string, unknown> = { ...init };
    for (const key of INIT_KEYS)
      made[key] = (init as unknown as Record<string, unknown> | null)?.[key];
    if (made.mode !== undefined) made.mode = String(made.mode);
    // A clone of a closed root is made by the browser, out of reach: a closed root is never
    // cloned here (a clone of its host has none, as with a root that is not clonable).
    if (made.mode === 'closed') made.clonable = false;
    const root = apply(attachShadow, host, [made]) as ShadowRoot;
    kept.set(host, root);
    watch(root);
    return root;
  };
  const declarer = createRootDeclarer(win, attach, handle);

  patch(
    win.Element.prototype,
    'attachShadow',
    () =>
      function (this: Element, init: ShadowRootInit) {
        return attach(this, init);
      },
  );
  // A custom element's closed declarative root, as its code reads it: should the browser's
  // parser make one the declarer did not (Chromium makes none from document.write; an e2e
  // test holds it to that), the runtime sees it as soon as the element's code does.
  patch(
    win.ElementInternals?.prototype,
    'shadowRoot',
    (read) =>
      function (this: ElementInternals) {
        const root = apply(read, this, []) as ShadowRoot | null;
        if (root) {
          kept.set(apply(hostOf, root, []) as Element, root);
          handle(root);
          watch(root);
        }
        return root;
      },
  );
  // Limited at once rather than at the next checkpoint, and the roots the parse made watched.
  // HTML that may declare a root is parsed by the declarer (declarative-roots.ts says why).
  for (const proto of [win.Element.prototype, win.ShadowRoot.prototype])
    patch(
      proto,
      'setHTMLUnsafe',
      (setHTMLUnsafe) =>
        function (this: Element | ShadowRoot, ...args: unknown[]) {
          const html = String(args[0]);
          if (mayDeclareRoots(html)) declarer.setHTML(this, html);
          else apply(setHTMLUnsafe, this, [html, ...args.slice(1)]);
          if (!(this instanceof ElementCtor)) watch(this);
          handle(this);
        },
    );
  // An inert document: its frames load once moved into the preview, already limited.
  patch(
    win.Document,
    'parseHTMLUnsafe',
    (parseHTMLUnsafe) =>
      function (this: unknown, ...args: unknown[]) {
        const html = String(args[0]);
        const doc = mayDeclareRoots(html)
          ? declarer.parseDocument(html)
          : (apply(parseHTMLUnsafe, this, [html, ...args.slice(1)]) as Document);
        handle(doc);
        return doc;
      },
  );
  // The roots the runtime can see, closed ones it made included (for the focus guard).
  return { shadowRootOf: (el) => access.shadowRoot(el) as ShadowRoot | null };
}
