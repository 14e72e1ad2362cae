/**
 * Declarative shadow roots the runtime makes itself, so that a closed one is seen. Parsed by
 * the browser, `<template shadowrootmode="closed">` makes a root no script can reach (not even
 * `window.frames` lists what is in it): an iframe in it would load with the preview's full
 * flags, dialogs and windows included. So HTML given to `setHTMLUnsafe` or
 * `Document.parseHTMLUnsafe` that may declare a root is parsed as `innerHTML` and DOMParser
 * parse it (the same tree, with the declarations left as templates), and each declaration is
 * then carried out as the parser would: a root attached to the template's parent, through the
 * runtime's attachShadow, with the template's content (its frames limited first) moved in.
 *
 * What differs from the browser's parse: a custom element in the HTML is upgraded before its
 * declared root is attached, and a `sanitizer` option is not applied (it is the program's own
 * filter of its own HTML; ignoring it never lets anything out of the preview).
 */
import { apply } from './safe-reflect.ts';

/**
 * Whether `html` may declare a shadow root. An attribute's name cannot be written with
 * character references, so HTML that declares one holds the name as such.
 */
export const mayDeclareRoots = (html: string): boolean => /shadowrootmode/i.test(html);

/**
 * The root a `<template>` declares, read through `attr` (its attribute, or null); null when it
 * declares none (an unknown mode: the parser then leaves it a template).
 */
export function declaredRoot(attr: (name: string) => string | null): ShadowRootInit | null {
  const mode = attr('shadowrootmode')?.toLowerCase();
  if (mode !== 'open' && mode !== 'closed') return null;
  return {
    mode,
    delegatesFocus: attr('shadowrootdelegatesfocus') !== null,
    clonable: attr('shadowrootclonable') !== null,
    serializable: attr('shadowrootserializable') !== null,
  };
}

export interface RootDeclarer {
  /** `setHTMLUnsafe` on an element or a shadow root. */
  setHTML(target: Element | ShadowRoot, html: string): void;
  /** `Document.parseHTMLUnsafe`. */
  parseDocument(html: string): Document;
}

/**
 * `attach`: the runtime's attachShadow (it keeps and watches the root). `prepare`: limits what
 * a template's content holds before it joins a tree that may be in the preview.
 */
export function createRootDeclarer(
  win: Window & typeof globalThis,
  attach: (host: Element, init: ShadowRootInit) => ShadowRoot,
  prepare: (content: DocumentFragment) => void,
): RootDeclarer {
  const setter = (proto: object) => Object.getOwnPropertyDescriptor(proto, 'innerHTML')!.set!;
  const elementHTML = setter(win.Element.prototype);
  const rootHTML = setter(win.ShadowRoot.prototype);
  const contentOf = Object.getOwnPropertyDescriptor(
    win.HTMLTemplateElement.prototype,
    'content',
  )!.get!;
  const parentOf = Object.getOwnPropertyDescriptor(win.Node.prototype, 'parentNode')!.get!;
  const rootElementOf = Object.getOwnPropertyDescriptor(
    win.Document.prototype,
    'documentElement',
  )!.get!;
  const { getAttribute, querySelectorAll: elementQuery, remove } = win.Element.prototype;
  const fragmentQuery = win.DocumentFragment.prototype.querySelectorAll;
  const documentQuery = win.Document.prototype.querySelectorAll;
  const append = win.DocumentFragment.prototype.append;
  const parse = win.DOMParser.prototype.parseFromString;
  const { DOMParser: Parser, Element: ElementCtor, Document: DocumentCtor } = win;

  const templatesIn = (container: Node): NodeListOf<HTMLTemplateElement> => {
    const query =
      container instanceof ElementCtor
        ? elementQuery
        : container instanceof DocumentCtor
          ? documentQuery
          : fragmentQuery;
    return apply(query, container, ['template']) as NodeListOf<HTMLTemplateElement>;
  };

  /**
   * Carries out the declarations in `container` and in every template content inside it.
   * `top`: the element the HTML was parsed into, which the parser never gives a root.
   */
  const declare = (container: Node, top: Node | null) => {
    const templates = templatesIn(container);
    for (let i = 0; i < templates.length; i++) {
      const template = templates[i]!;
      const content = apply(contentOf, template, []) as DocumentFragment;
      // Declarations inside it first, in the inert content, as the parser makes them.
      declare(content, null);
      const init = declaredRoot((name) => apply(getAttribute, template, [name]) as string | null);
      const host = apply(parentOf, template, []) as Node | null;
      if (!init || !(host instanceof ElementCtor) || host === top) continue;
      let root: ShadowRoot;
      try {
        root = attach(host, init);
      } catch {
        continue; // Not a host an element can be (or one already): the parser keeps the template.
      }
      prepare(content);
      apply(append, root, [content]);
      apply(remove, template, []);
    }
  };

  return {
    setHTML(target, html) {
      const isElement = target instanceof ElementCtor;
      apply(isElement ? elementHTML : rootHTML, target, [html]);
      declare(target, isElement ? target : null);
    },
    parseDocument(html) {
      const doc = apply(parse, new Parser(), [html, 'text/html']) as Document;
      declare(doc, apply(rootElementOf, doc, []) as Element | null);
      return doc;
    },
  };
}
