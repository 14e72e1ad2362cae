/**
 * Fragment navigations of the preview, kept in the run's in-memory history (history-shim.ts).
 * A fragment navigation in a frame (`location.hash = '#x'`, a `#x` link) adds an entry to the
 * app tab's session history, so the browser's Back button would walk the preview's fragments.
 * `Location` cannot be patched (its members are unforgeable) and the Navigation API's `navigate`
 * event does not fire in an opaque-origin frame, but `location.replace()` to a fragment adds no
 * entry and does the rest (scroll, `:target`, focus, popstate, hashchange): so each one is
 * done as a replace, after adding the entry to the in-memory history the program sees. The
 * bundler routes the program's writes here (workers/bundler/location-sites.ts); links are
 * met by fragment-links.ts.
 */
import { apply } from './safe-reflect.ts';

/** What the in-memory history does for a navigation (history-shim.ts). */
export interface HistoryHooks {
  /** A new entry with `url` after the current one (state null), dropping those after it. */
  pushed(url: string): void;
  /** The current entry now has `url` and state null. */
  replaced(url: string): void;
}

export interface FragmentNav {
  /**
   * What the bundler's `__ppNav(x, key)` calls before `x[key]` is written or called: a stand-in
   * when `x` is the real Location (or window or document, for `location`), else `x` itself.
   */
  wrap(target: unknown, key: string): unknown;
  /** Navigates to `url` (against the document's base URL), in memory if only the fragment changes. */
  navigate(url: string, push: boolean): void;
  /** True when `url` only changes the fragment of the document's URL. */
  isFragment(url: URL): boolean;
}

type Setter = (this: unknown, value: string) => void;

export function createFragmentNav(
  win: Window & typeof globalThis,
  hooks: HistoryHooks,
): FragmentNav {
  const location = win.location;
  const doc = win.document;
  const URLCtor = win.URL;
  // Location's members are the instance's own (unforgeable), not its prototype's.
  const descriptor = (key: string) => Object.getOwnPropertyDescriptor(location, key);
  const replace = descriptor('replace')!.value as Location['replace'];
  const assign = descriptor('assign')!.value as Location['assign'];
  const getHref = descriptor('href')!.get!;
  const setHref = descriptor('href')!.set! as Setter;
  const getHash = descriptor('hash')!.get!;
  const setHash = descriptor('hash')!.set! as Setter;
  const baseOf = () => doc.baseURI;

  const withoutFragment = (url: string) => {
    const at = url.indexOf('#');
    return at === -1 ? url : url.slice(0, at);
  };
  const current = () => apply(getHref, location, []) as string;
  const isFragment = (url: URL) =>
    url.href.includes('#') && withoutFragment(url.href) === withoutFragment(current());

  const parse = (value: unknown): URL | null => {
    try {
      return new URLCtor(String(value), baseOf());
    } catch {
      return null; // the real API throws its own error
    }
  };

  const navigate = (value: string, push: boolean): boolean => {
    const url = parse(value);
    if (!url || !isFragment(url)) return false;
    // The browser replaces the entry when the URL is the same (spec: "navigate", step 1x).
    if (push && url.href !== current()) hooks.pushed(url.href);
    else hooks.replaced(url.href);
    // Before the real navigation: its popstate listeners read history.length and state.
    apply(replace, location, [url.href]);
    return true;
  };

  const setHashTo = (value: unknown) => {
    // As Location's hash setter: one leading '#' dropped, the same fragment is no navigation.
    let input = String(value);
    if (input.startsWith('#')) input = input.slice(1);
    const url = parse(withoutFragment(current()));
    if (!url) return apply(setHash, location, [String(value)]);
    url.hash = input;
    const target = input === '' ? `${url.href}#` : url.href;
    const old = (apply(getHash, location, []) as string).replace(/^#/, '');
    if (target.slice(target.indexOf('#') + 1) === old) return;
    if (!navigate(target, true)) apply(setHash, location, [String(value)]);
  };
  const setHrefTo = (value: unknown) => {
    if (!navigate(String(value), true)) apply(setHref, location, [String(value)]);
  };

  const locationStandIn = Object.create(null, {
    hash: { get: () => apply(getHash, location, []), set: setHashTo },
    href: { get: current, set: setHrefTo },
    assign: {
      value: (url: unknown) => {
        if (!navigate(String(url), true)) apply(assign, location, [url]);
      },
    },
    replace: {
      value: (url: unknown) => {
        if (!navigate(String(url), false)) apply(replace, location, [url]);
      },
    },
  }) as object;
  // window.location = v and document.location = v set the href (PutForwards=href).
  const ownerStandIn = Object.create(null, {
    location: { get: () => location, set: setHrefTo },
  }) as object;

  patchNavigationApi(win, navigate);
  return {
    wrap: (target, key) =>
      target === location && key in locationStandIn
        ? locationStandIn
        : (target === win || target === doc) && key === 'location'
          ? ownerStandIn
          : target,
    navigate: (url, push) => {
      if (!navigate(url, push)) apply(push ? assign : replace, location, [url]);
    },
    isFragment,
  };
}

/** The part of the Navigation API used here (not in TypeScript's DOM library yet). */
interface NavigationLike {
  currentEntry: unknown;
  navigate(url: string, options?: { history?: string }): unknown;
}

/**
 * `navigation.navigate('#x')` (the Navigation API) also adds an entry to the app's history; its
 * method, unlike Location's, can be replaced. A fragment goes to the in-memory history.
 */
function patchNavigationApi(
  win: Window & typeof globalThis,
  navigate: (url: string, push: boolean) => boolean,
): void {
  const proto = (win as unknown as { Navigation?: { prototype: NavigationLike } }).Navigation
    ?.prototype;
  const real = proto?.navigate;
  if (!proto || typeof real !== 'function') return;
  const PromiseCtor = win.Promise;
  Object.defineProperty(proto, 'navigate', {
    ...Object.getOwnPropertyDescriptor(proto, 'navigate'),
    value: function navigate$(
      this: NavigationLike,
      url: string,
      options?: { history?: string },
    ): unknown {
      if (navigate(String(url), options?.history !== 'replace')) {
        const done = PromiseCtor.resolve(this.currentEntry);
        return { committed: done, finished: done };
      }
      return apply(real, this, [url, options]);
    },
  });
}
