import { describe, expect, it } from 'vitest';
import { createFocusPolicy, installFocusGate, USER_EVENTS } from '../../../src/runtime/focus-gate';

/** A frame's realm with just the focusing APIs, each logging what it did. */
function fakeFrame() {
  const log: string[] = [];
  const listeners = new Map<string, ((event: Event) => void)[]>();
  class HTMLElement {
    inertValue = false;
    get inert() {
      return this.inertValue;
    }
    set inert(v: boolean) {
      this.inertValue = v;
    }
    focus() {
      log.push('focus');
    }
    showPopover() {
      log.push(`showPopover inert=${this.inert}`);
    }
    togglePopover() {
      log.push(`togglePopover inert=${this.inert}`);
      return true;
    }
  }
  class SVGElement {
    focus() {
      log.push('svg focus');
    }
  }
  class HTMLInputElement extends HTMLElement {
    // An accessor on the prototype, as in browsers.
    get value() {
      return 'hello';
    }
    select() {
      log.push('select');
    }
    setSelectionRange(start: number, end: number) {
      log.push(`range ${start}-${end}`);
    }
    checkValidity() {
      log.push('check');
      return false;
    }
    reportValidity() {
      log.push('report');
      return false;
    }
  }
  class HTMLDialogElement extends HTMLElement {
    showModal() {
      log.push(`showModal inert=${this.inert}`);
    }
    show() {
      log.push(`show inert=${this.inert}`);
    }
  }
  const win = {
    HTMLElement,
    SVGElement,
    HTMLInputElement,
    HTMLDialogElement,
    focus() {
      log.push('window focus');
    },
    addEventListener(type: string, fn: (event: Event) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), fn]);
    },
  };
  const press = (type: string, event: Event) => {
    for (const fn of listeners.get(type) ?? []) fn(event);
  };
  return { win, log, press, HTMLElement, SVGElement, HTMLInputElement, HTMLDialogElement };
}

const event = (isTrusted: boolean) => ({ isTrusted }) as Event;

describe('focus policy', () => {
  it('allows focus only while the frame has focus or a user press is being dispatched', () => {
    let focused = false;
    const live = new Set<Event>();
    const policy = createFocusPolicy({
      hasFocus: () => focused,
      dispatching: (e) => live.has(e),
    });
    expect(policy.mayFocus()).toBe(false);
    focused = true;
    expect(policy.mayFocus()).toBe(true);
    focused = false;
    const down = event(true);
    policy.userEvent(down);
    live.add(down);
    expect(policy.mayFocus()).toBe(true); // a pointerdown handler, before focus moves in
    live.delete(down);
    expect(policy.mayFocus()).toBe(false); // the press is over: a later frame's focus() is not
  });
});

describe('focus gate', () => {
  const install = (allowed: { now: boolean }) => {
    const frame = fakeFrame();
    const policy = { userEvent: () => {}, mayFocus: () => allowed.now };
    installFocusGate(frame.win as unknown as Window & typeof globalThis, policy);
    return frame;
  };

  it('refuses every focusing API while the user has not given the preview the keyboard', () => {
    const allowed = { now: false };
    const { win, log, HTMLElement, SVGElement, HTMLInputElement, HTMLDialogElement } =
      install(allowed);
    new HTMLElement().focus();
    new SVGElement().focus();
    win.focus();
    const input = new HTMLInputElement();
    input.select();
    expect(input.reportValidity()).toBe(false);
    const dialog = new HTMLDialogElement();
    dialog.showModal();
    dialog.show();
    const popover = new HTMLElement();
    popover.showPopover();
    expect(popover.togglePopover()).toBe(true);
    expect(log).toEqual([
      'range 0-5', // select() still selects, without focus
      'check', // reportValidity() checks, without the bubble that focuses
      'showModal inert=true', // opened inert: nothing inside takes focus
      'show inert=true',
      'showPopover inert=true',
      'togglePopover inert=true',
    ]);
    expect(dialog.inert).toBe(false);
    expect(popover.inert).toBe(false);
  });

  it('lets every focusing API act once the user has given the preview the keyboard', () => {
    const allowed = { now: true };
    const { win, log, HTMLElement, SVGElement, HTMLInputElement, HTMLDialogElement } =
      install(allowed);
    new HTMLElement().focus();
    new SVGElement().focus();
    win.focus();
    const input = new HTMLInputElement();
    input.select();
    input.reportValidity();
    new HTMLDialogElement().showModal();
    expect(log).toEqual([
      'focus',
      'svg focus',
      'window focus',
      'select',
      'report',
      'showModal inert=false',
    ]);
  });

  it('keeps an element the program made inert inert after it opens', () => {
    const { log, HTMLDialogElement } = install({ now: false });
    const dialog = new HTMLDialogElement();
    dialog.inert = true;
    dialog.showModal();
    expect(log).toEqual(['showModal inert=true']);
    expect(dialog.inert).toBe(true);
  });

  it('tells the policy about trusted user presses only', () => {
    const frame = fakeFrame();
    const seen: Event[] = [];
    installFocusGate(frame.win as unknown as Window & typeof globalThis, {
      userEvent: (e) => seen.push(e),
      mayFocus: () => false,
    });
    const real = event(true);
    frame.press('pointerdown', real);
    frame.press('keydown', event(false)); // the program's own dispatchEvent
    expect(seen).toEqual([real]);
    expect(USER_EVENTS).toContain('pointerdown');
  });
});
