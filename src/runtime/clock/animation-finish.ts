/**
 * An animation's `finish`, inside the run's ticks. The runtime drives every animation paused
 * (animations.ts), and a paused animation never finishes: the browser would fire no `finish`
 * and never settle `finished`. One that finished on its own (zero duration) fires `finish` at a
 * rendering step: outside any tick, in real time, and in a hidden replay frame at another
 * moment or never. Libraries wait for it: Svelte's transitions start their animation in the
 * `finish` handler of a zero-length one, and remove an outroed element in the next one's.
 *
 * So the program never hears the browser's own `finish` events, and the runtime finishes each
 * animation as a tick of its own at its virtual end (`VirtualClock.schedule`): `onfinish`,
 * `finish` listeners and `finished` see it then, live and in every replay alike.
 */

/** What the sync tells of an animation each time it places it. */
export type PlacedHook = (animation: Animation, at: number, time: number, rate: number) => void;

interface Deferred {
  promise: Promise<Animation>;
  resolve: (animation: Animation) => void;
  reject: (reason: unknown) => void;
  settled: boolean;
}

interface State {
  /** Virtual performance time of the scheduled end tick, and its cancel. */
  endAt: number | null;
  cancel: (() => void) | null;
  /** Finished by the runtime and not moved back since. */
  done: boolean;
}

type Schedule = (perfAt: number, label: string, fn: () => void) => () => void;

/**
 * Patches `Animation` in the frame (before the program runs) and returns the sync's hook.
 * `schedule` runs a tick at a virtual time; `perfNow` is virtual performance time.
 */
export function installAnimationFinish(
  win: Window & typeof globalThis,
  schedule: Schedule,
  perfNow: () => number,
): PlacedHook {
  const AnimationCtor = win.Animation as typeof Animation | undefined;
  const EventCtor = win.AnimationPlaybackEvent as typeof AnimationPlaybackEvent | undefined;
  if (!AnimationCtor || !EventCtor) return () => {};
  const proto = AnimationCtor.prototype;
  const targetProto = win.EventTarget.prototype;
  const add = targetProto.addEventListener;
  const remove = targetProto.removeEventListener;
  const dispatch = targetProto.dispatchEvent;
  const cancelReal = proto.cancel;
  const handler = Object.getOwnPropertyDescriptor(proto, 'onfinish');
  const DomException = win.DOMException;
  const states = new WeakMap<Animation, State>();
  const deferreds = new WeakMap<Animation, Deferred>();

  /** A listener that ignores the browser's own `finish` events (trusted ones). */
  const untrusted = (listener: EventListenerOrEventListenerObject) =>
    function (this: unknown, event: Event) {
      if (event.isTrusted) return;
      if (typeof listener === 'function') return listener.call(this, event);
      return listener.handleEvent(event);
    };

  if (handler?.set && handler.get) {
    const set = handler.set;
    const handlers = new WeakMap<Animation, unknown>();
    Object.defineProperty(proto, 'onfinish', {
      configurable: true,
      enumerable: handler.enumerable ?? true,
      get(this: Animation) {
        return handlers.has(this) ? handlers.get(this) : null;
      },
      set(this: Animation, fn: unknown) {
        if (typeof fn !== 'function') {
          handlers.delete(this);
          set.call(this, null);
          return;
        }
        handlers.set(this, fn);
        set.call(this, untrusted(fn as EventListener));
      },
    });
  }

  const wrappers = new WeakMap<object, EventListener>();
  const own = (name: string, value: unknown) =>
    Object.defineProperty(proto, name, { configurable: true, writable: true, value });
  own(
    'addEventListener',
    function (
      this: Animation,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (type !== 'finish' || !listener) return add.call(this, type, listener, options);
      let wrapped = wrappers.get(listener);
      if (!wrapped) wrappers.set(listener, (wrapped = untrusted(listener)));
      return add.call(this, type, wrapped, options);
    },
  );
  own(
    'removeEventListener',
    function (
      this: Animation,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) {
      const wrapped = type === 'finish' && listener ? wrappers.get(listener) : undefined;
      return remove.call(this, type, wrapped ?? listener, options);
    },
  );

  /** The program's `finished`: settled by the runtime's finish (or a cancel). */
  const deferredOf = (animation: Animation): Deferred => {
    let d = deferreds.get(animation);
    if (!d) {
      let resolve!: Deferred['resolve'];
      let reject!: Deferred['reject'];
      const promise = new Promise<Animation>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // As the browser's: a cancelled animation's rejection is never an unhandled one.
      promise.catch(() => {});
      d = { promise, resolve, reject, settled: false };
      deferreds.set(animation, d);
    }
    return d;
  };
  Object.defineProperty(proto, 'finished', {
    configurable: true,
    get(this: Animation) {
      return deferredOf(this).promise;
    },
  });
  own('cancel', function (this: Animation) {
    const state = states.get(this);
    state?.cancel?.();
    states.delete(this);
    const d = deferreds.get(this);
    if (d && !d.settled) {
      d.settled = true;
      d.reject(new DomException('The animation was aborted.', 'AbortError'));
    }
    deferreds.delete(this);
    return cancelReal.call(this);
  });

  const finish = (animation: Animation) => {
    const state = states.get(animation);
    if (!state) return;
    state.endAt = null;
    state.cancel = null;
    if (animation.playState === 'idle') return;
    state.done = true;
    const d = deferredOf(animation);
    if (!d.settled) {
      d.settled = true;
      d.resolve(animation);
    }
    dispatch.call(
      animation,
      new EventCtor('finish', { currentTime: animation.currentTime, timelineTime: perfNow() }),
    );
  };

  return (animation, at, time, rate) => {
    let state = states.get(animation);
    const end = Number(animation.effect?.getComputedTiming().endTime);
    if (!(rate > 0) || !Number.isFinite(end)) {
      state?.cancel?.();
      if (state) state.endAt = state.cancel = null;
      return;
    }
    if (!state) states.set(animation, (state = { endAt: null, cancel: null, done: false }));
    if (time < end) {
      // Moved back before its end (played again, seeked): it finishes again.
      state.done = false;
      const d = deferreds.get(animation);
      if (d?.settled) deferreds.delete(animation);
    }
    if (state.done) return;
    const endAt = time >= end ? at : at + (end - time) / rate;
    if (state.endAt === endAt) return;
    state.cancel?.();
    state.endAt = endAt;
    state.cancel = schedule(endAt, 'animation end', () => finish(animation));
  };
}
