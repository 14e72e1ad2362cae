/**
 * An in-memory session history for the preview, like the storage shims: a frame's pushState
 * would add entries to the app tab's own history, so the browser's Back button would walk the
 * program's states instead of leaving the page. The frame's URL still follows (through the real
 * replaceState, which adds no entry), so routers reading `location` keep working.
 */
import type { HistoryHooks } from './fragment-nav.ts';
import { apply } from './safe-reflect.ts';

interface Entry {
  state: unknown;
  url: string;
}

/**
 * Replaces History's methods and getters on `win` with ones over a per-run list of entries;
 * returns what a fragment navigation (fragment-nav.ts) does to that list.
 */
export function installHistoryShim(win: Window & typeof globalThis): HistoryHooks {
  const proto = win.History.prototype;
  const realReplace = proto.replaceState;
  const realGo = proto.go;
  const history = win.history;
  const location = win.location;
  const clone = win.structuredClone;
  const PopState = win.PopStateEvent;
  const HashChange = win.HashChangeEvent;
  const dispatch = win.EventTarget.prototype.dispatchEvent;
  const URLCtor = win.URL;
  const hashOf = (url: string) => new URLCtor(url).hash;

  const entries: Entry[] = [{ state: history.state as unknown, url: location.href }];
  let index = 0;

  /** Writes the entry through the real API: `location` then shows its URL. */
  const show = (self: unknown, state: unknown, unused: string, url?: string | URL | null) => {
    const copy: unknown = apply(clone, win, [state]);
    apply(realReplace, self, url === undefined ? [copy, unused] : [copy, unused, url]);
    return { state: copy, url: location.href };
  };

  const traverse = (delta: number) => {
    // As in browsers: a traversal happens in a later task; that task is a tick of the run.
    win.setTimeout(() => {
      const target = index + delta;
      if (target < 0 || target >= entries.length) return;
      const from = entries[index]!;
      const to = entries[target]!;
      index = target;
      apply(realReplace, history, [to.state, '', to.url]);
      apply(dispatch, win, [new PopState('popstate', { state: to.state })]);
      if (hashOf(from.url) !== hashOf(to.url))
        apply(dispatch, win, [new HashChange('hashchange', { oldURL: from.url, newURL: to.url })]);
    }, 0);
  };

  const methods = {
    pushState(this: History, data: unknown, unused: string, url?: string | URL | null) {
      const entry = show(this, data, unused, url);
      entries.splice(index + 1, entries.length, entry);
      index++;
    },
    replaceState(this: History, data: unknown, unused: string, url?: string | URL | null) {
      entries[index] = show(this, data, unused, url);
    },
    go(this: History, delta?: number) {
      const steps = Math.trunc(Number(delta)) || 0;
      // go(0) reloads the page, as the real one does.
      if (steps === 0) apply(realGo, this, [0]);
      else traverse(steps);
    },
    back(this: History) {
      traverse(-1);
    },
    forward(this: History) {
      traverse(1);
    },
  };
  for (const [name, value] of Object.entries(methods))
    Object.defineProperty(proto, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  Object.defineProperty(proto, 'length', {
    get: () => entries.length,
    enumerable: true,
    configurable: true,
  });
  Object.defineProperty(proto, 'state', {
    get: () => entries[index]!.state,
    enumerable: true,
    configurable: true,
  });
  return {
    pushed(url) {
      entries.splice(index + 1, entries.length, { state: null, url });
      index++;
    },
    replaced(url) {
      entries[index] = { state: null, url };
    },
  };
}
