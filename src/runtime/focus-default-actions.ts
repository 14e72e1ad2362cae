/**
 * Focus the browser moves by itself, in a default action no API wrap can refuse: a label's
 * activation (`label.click()`) focuses its control, a submission's interactive validation
 * (`form.requestSubmit()`, a submit button's `click()`) focuses the first invalid field, and a
 * fragment navigation (`location.hash = '#field'`, a `#field` link's `click()`) focuses its
 * target. The host could only take such focus back afterwards, and the keys typed meanwhile
 * were lost. So each is met just before it happens, in an event that synchronously precedes it
 * (the click's own dispatch; the `popstate` a fragment navigation fires before it scrolls), and
 * the element about to take focus is made inert until the program's code returns: an inert
 * element cannot take focus, and the rest of the action still happens (the control is clicked,
 * an invalid form is not submitted, the page scrolls to the fragment).
 */
import { apply } from './safe-reflect.ts';

type Getter = (this: unknown) => unknown;

const getterOf = (proto: object | undefined, key: string): Getter | undefined =>
  proto && (Object.getOwnPropertyDescriptor(proto, key)?.get as Getter | undefined);

/** Keeps focus out of `win`'s elements in default actions while `may()` is false. */
export function installFocusDefaultGuard(win: Window & typeof globalThis, may: () => boolean) {
  const proto = (name: string) =>
    (win as unknown as Record<string, { prototype?: object } | undefined>)[name]?.prototype;
  const inert = Object.getOwnPropertyDescriptor(proto('HTMLElement') ?? {}, 'inert');
  const closest = proto('Element') && (proto('Element') as Element).closest;
  const targetOf = getterOf(proto('Event'), 'target');
  const trusted = getterOf(proto('Event'), 'isTrusted');
  const controlOf = getterOf(proto('HTMLLabelElement'), 'control');
  const elementsOf = getterOf(proto('HTMLFormElement'), 'elements');
  const noValidate = getterOf(proto('HTMLFormElement'), 'noValidate');
  const validityOf = getterOf(proto('HTMLInputElement'), 'validity');
  const validOf = getterOf(proto('ValidityState'), 'valid');
  const byId = proto('Document') && (proto('Document') as Document).getElementById;
  const byName = proto('Document') && (proto('Document') as Document).getElementsByName;
  const decode = win.decodeURIComponent;
  const microtask = (win.queueMicrotask ?? queueMicrotask).bind(win);
  const doc = win.document;
  const location = win.location;
  if (!inert?.get || !inert.set || !closest || !targetOf) return;
  const { get: isInert, set: setInert } = inert;

  /** Elements made inert until the current code returns, with what they were before. */
  const held = new Map<object, boolean>();
  const release = () => {
    for (const [element, was] of held) apply(setInert, element, [was]);
    held.clear();
  };
  const hold = (element: unknown) => {
    if (!element || held.has(element as object)) return;
    try {
      const was = apply(isInert, element, []) as boolean;
      apply(setInert, element, [true]);
      if (held.size === 0) microtask(release);
      held.set(element as object, was);
    } catch {
      // Not an HTML element (an SVG or MathML one has no `inert`): left as it is.
    }
  };

  const element = (target: unknown, selector: string): Element | null => {
    try {
      return apply(closest, target, [selector]) as Element | null;
    } catch {
      return null; // the window or the document, or a text node's event
    }
  };

  /** Each invalid field of `form`: interactive validation would focus the first. */
  const holdInvalid = (form: unknown) => {
    if (!elementsOf || !validityOf || !validOf) return;
    try {
      if (noValidate && apply(noValidate, form, [])) return;
      for (const field of apply(elementsOf, form, []) as Iterable<Element>) {
        const validity = field && (field as { validity?: unknown }).validity;
        if (validity && apply(validOf, validity, []) === false) hold(field);
      }
    } catch {
      // A form whose fields cannot be read is left to the host's focus keeper.
    }
  };

  // Capture on the window, before any listener of the program's: the default action follows
  // the dispatch, the code that called click() is still running, and the hold ends after it.
  win.addEventListener(
    'click',
    (event) => {
      if (may()) return;
      const target = apply(targetOf, event, []);
      const label = element(target, 'label');
      if (label && controlOf) hold(apply(controlOf, label, []));
      const submit = element(target, 'button, input[type="submit" i], input[type="image" i]');
      const form = submit && (submit as HTMLButtonElement).form;
      const bypass = submit && (submit as HTMLButtonElement).formNoValidate;
      if (form && !bypass && (submit as HTMLButtonElement).type === 'submit') holdInvalid(form);
    },
    { capture: true },
  );

  const formProto = proto('HTMLFormElement') as HTMLFormElement | undefined;
  const requestSubmit = formProto?.requestSubmit;
  if (formProto && requestSubmit)
    Object.defineProperty(formProto, 'requestSubmit', {
      ...Object.getOwnPropertyDescriptor(formProto, 'requestSubmit'),
      value: function requestSubmit$(this: unknown, ...args: unknown[]) {
        if (!may()) holdInvalid(this);
        return apply(requestSubmit, this, args);
      },
    });

  // A fragment navigation fires popstate after it changes the URL and before it focuses its
  // target (checked in Chromium): the target is the element of that id, or an anchor by name.
  win.addEventListener(
    'popstate',
    (event) => {
      if (may() || !byId || !byName || (trusted && !apply(trusted, event, []))) return;
      const fragment = location.hash.slice(1);
      if (!fragment) return;
      let id = fragment;
      try {
        id = decode(fragment);
      } catch {
        // Not valid percent-encoding: the browser looks it up as it is.
      }
      hold(apply(byId, doc, [id]) ?? (apply(byName, doc, [id]) as NodeList)[0]);
    },
    { capture: true },
  );
}
