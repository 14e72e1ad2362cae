/**
 * The program's MediaQueryLists on the run clock. The browser fires a list's `change` when it
 * evaluates media queries in a rendering step: live, that is outside any tick (the program's
 * listener then changes the page between ticks, unrecorded), and a replay's frame, hidden and
 * sized at a recorded tick, fires it at another moment or not at all. So the browser's own
 * `change` events are stopped before the program's listeners, each list's `matches` answers
 * for what the run has given the program (`answer`, environment-reads.ts), and `refresh`, run
 * inside the tick that changed it (a resize, an environment change), dispatches the changes:
 * the same ticks live and in every replay.
 */

/** What the program's lists answer: the run's environment, the frame's size. */
export type MediaAnswer = (query: string) => boolean;

export interface MediaLists {
  /** Each listened-to list whose answer changed since it was last told gets a `change` now. */
  refresh(): void;
}

/** What this reads of the window (a real one, or a test's fake). */
export interface MediaWindow {
  matchMedia(query: string): MediaQueryList;
  MediaQueryListEvent?: typeof MediaQueryListEvent;
}

interface Told {
  /** The list, held weakly (a list with listeners lives as long as its document anyway). */
  list: WeakRef<MediaQueryList>;
  /** Its query as the browser serialised it. */
  media: string;
  /** The answer its listeners were last given (when the first came, then at each change). */
  matches: boolean;
}

type Method = (this: MediaQueryList, ...args: unknown[]) => unknown;

/** Replaces `win.matchMedia`; call before the program runs. */
export function installMediaLists(win: MediaWindow, answer: MediaAnswer): MediaLists {
  const realMatch = win.matchMedia.bind(win);
  /** The program's lists, by list: their query. */
  const ours = new WeakMap<MediaQueryList, string>();
  const watched = new WeakSet<MediaQueryList>();
  let told: Told[] = [];
  const gate = (event: Event) => {
    if (event.isTrusted) event.stopImmediatePropagation();
  };
  let realAdd: Method | null = null;
  /**
   * The program listens to `list`: the browser's own events end at a listener of ours added
   * first, and refresh tells it from now on. A list nobody listens to gets neither, so it can
   * be collected (one made per frame is common) and costs refresh nothing.
   */
  const watch = (list: MediaQueryList) => {
    const media = ours.get(list);
    if (media === undefined || watched.has(list) || !realAdd) return;
    watched.add(list);
    realAdd.call(list, 'change', gate);
    told.push({ list: new WeakRef(list), media, matches: answer(media) });
  };
  /** Wraps the list prototype's ways to listen (once: every list shares it). */
  const patch = (proto: Record<string, unknown>) => {
    const add = proto.addEventListener as Method;
    realAdd = add;
    proto.addEventListener = function (this: MediaQueryList, ...args: unknown[]) {
      if (args[0] === 'change') watch(this);
      return add.apply(this, args);
    };
    const addListener = proto.addListener as Method | undefined;
    if (typeof addListener === 'function') {
      proto.addListener = function (this: MediaQueryList, ...args: unknown[]) {
        watch(this);
        return addListener.apply(this, args);
      };
    }
    const onchange = Object.getOwnPropertyDescriptor(proto, 'onchange');
    if (onchange?.set) {
      Object.defineProperty(proto, 'onchange', {
        ...onchange,
        set(this: MediaQueryList, value: unknown) {
          watch(this);
          onchange.set!.call(this, value);
        },
      });
    }
  };
  let patched = false;
  win.matchMedia = function matchMedia(query: string) {
    const list = realMatch(query);
    if (!patched) {
      patched = true;
      patch(Object.getPrototypeOf(list) as Record<string, unknown>);
    }
    const media = list.media;
    ours.set(list, media);
    Object.defineProperty(list, 'matches', { configurable: true, get: () => answer(media) });
    return list;
  };
  const EventCtor = win.MediaQueryListEvent;
  return {
    refresh() {
      told = told.filter((t) => t.list.deref() !== undefined);
      for (const t of told) {
        const matches = answer(t.media);
        if (matches === t.matches) continue;
        t.matches = matches;
        const init = { media: t.media, matches };
        const event = EventCtor
          ? new EventCtor('change', init)
          : Object.assign(new Event('change'), init);
        t.list.deref()?.dispatchEvent(event);
      }
    },
  };
}
