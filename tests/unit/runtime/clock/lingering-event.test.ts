import { describe, expect, it } from 'vitest';
import { installLingeringEvent } from '../../../../src/runtime/clock/lingering-event';

/** A window whose `event` accessor reads what a dispatch in progress set, as a browser's does. */
function fakeWindow() {
  const win = { current: undefined as Event | undefined };
  Object.defineProperty(win, 'event', {
    configurable: true,
    enumerable: true,
    get() {
      return win.current;
    },
  });
  return win as typeof win & { event: Event | undefined };
}

describe('installLingeringEvent', () => {
  const hopEvent = new Event('message');
  const setUp = () => {
    const win = fakeWindow();
    const later: (() => void)[] = [];
    const lingering = installLingeringEvent(
      win as unknown as Window,
      (fn) => later.push(fn),
      (e) => e === hopEvent,
    );
    return { win, later, lingering };
  };

  it('a replayed click is window.event in the hop task after its dispatch, until a later task', () => {
    const { win, later, lingering } = setUp();
    const click = new Event('click');
    win.current = hopEvent; // the run loop's hop, dispatching the replay's tick
    expect(win.event).toBeUndefined(); // the hop's own message is never the program's event
    lingering.hold(click);
    expect(win.event).toBe(click); // the microtasks after the replayed dispatch
    for (const fn of later.splice(0)) fn(); // the next task
    expect(win.event).toBeUndefined();
  });

  it("an event of the program's dispatched meanwhile names itself", () => {
    const { win, lingering } = setUp();
    lingering.hold(new Event('click'));
    const own = new Event('custom');
    win.current = own;
    expect(win.event).toBe(own);
  });

  it('a window without an accessor for event is left as it is', () => {
    const win = { event: 'kept' };
    installLingeringEvent(
      win as unknown as Window,
      () => {},
      () => false,
    ).hold(new Event('x'));
    expect(win.event).toBe('kept');
  });
});
