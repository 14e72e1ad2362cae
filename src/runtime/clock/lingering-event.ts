/**
 * `window.event` in the microtasks after a replayed input, as after a live one. A browser runs
 * the microtasks a listener queued when that listener returns, while `window.event` is still
 * the event it dispatches; a replayed input is dispatched by script, so its listeners'
 * microtasks run after the replay's task, with `window.event` the run loop's own hop message. Programs read it there:
 * React's update priority does (a click handler that awaits, then sets state, renders in a
 * microtask live and through a scheduler timer in a replay: the replay diverged). The event
 * lingers for the rest of the dispatching task's microtasks, and no further.
 */
export interface LingeringEvent {
  /** `event` is what `window.event` reads until the current task's microtasks have run. */
  hold(event: Event): void;
}

/**
 * `clearSoon` runs its callback in a later task (after the current task's microtasks).
 * `isOwn`: an event of the run loop's own (the message of its hop between ticks), which the
 * program never sees as `window.event`: a tick run from a hop reads none, as a timer's does.
 */
export function installLingeringEvent(
  win: Window,
  clearSoon: (clear: () => void) => void,
  isOwn: (event: Event) => boolean,
): LingeringEvent {
  const own = findAccessor(win, 'event');
  if (!own?.get || !own.configurable) return { hold: () => {} };
  const nativeGet = own.get;
  let lingering: Event | undefined;
  Object.defineProperty(win, 'event', {
    configurable: true,
    enumerable: own.enumerable ?? true,
    get() {
      const event = nativeGet.call(win) as Event | undefined;
      // A dispatch of the program's own (even one inside the microtasks) names its event.
      if (event !== undefined && !isOwn(event)) return event;
      return lingering;
    },
    set: own.set,
  });
  const clear = () => {
    lingering = undefined;
  };
  return {
    hold(event) {
      lingering = event;
      clearSoon(clear);
    },
  };
}

/** The accessor for `name` on `obj` or its prototypes (Window's `event` is its own, [Replaceable]). */
function findAccessor(obj: object, name: string): PropertyDescriptor | undefined {
  for (let o: object | null = obj; o; o = Object.getPrototypeOf(o) as object | null) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (d) return d.get ? d : undefined;
  }
  return undefined;
}
