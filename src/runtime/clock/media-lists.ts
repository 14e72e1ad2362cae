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
  /** Each list whose answer changed since it was last told gets a `change` event now. */
  refresh(): void;
}

/** What this reads of the window (a real one, or a test's fake). */
export interface MediaWindow {
  matchMedia(query: string): MediaQueryList;
  MediaQueryListEvent?: typeof MediaQueryListEvent;
  WeakRef?: typeof WeakRef;
}

interface Told {
  /** The list, held weakly: one the program dropped (without listeners) may go. */
  list: WeakRef<MediaQueryList>;
  /** Its query as the browser serialised it. */
  media: string;
  /** The answer its listeners were last given (at creation, then at each change). */
  matches: boolean;
}

/** Replaces `win.matchMedia`; call before the program runs. */
export function installMediaLists(win: MediaWindow, answer: MediaAnswer): MediaLists {
  const realMatch = win.matchMedia.bind(win);
  const Ref = win.WeakRef ?? WeakRef;
  let told: Told[] = [];
  win.matchMedia = function matchMedia(query: string) {
    const list = realMatch(query);
    const media = list.media;
    // First listener of the list: the browser's own change events end here.
    list.addEventListener('change', (event) => {
      if (event.isTrusted) event.stopImmediatePropagation();
    });
    Object.defineProperty(list, 'matches', { configurable: true, get: () => answer(media) });
    told.push({ list: new Ref(list), media, matches: answer(media) });
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
