import { describe, expect, it } from 'vitest';
import type { RunEnvironment } from '../../../../src/protocol';
import { environmentOfInput } from '../../../../src/protocol';
import {
  createEnvironment,
  environmentInput,
  liveChangeInput,
} from '../../../../src/runtime/clock/environment-reads';
import { installMediaLists } from '../../../../src/runtime/clock/media-lists';

/**
 * A browser window's media side: `state` is the browser now (a test changes it as the system
 * would): dark mode, its innerWidth for `(min-width: …)`, its pixel ratio.
 */
function fakeWindow(dpr = 1) {
  const state = { dark: false, width: 500, dpr };
  const answer = (media: string): boolean => {
    const min = /^\(min-width: (\d+)px\)$/.exec(media);
    if (min) return state.width >= Number(min[1]);
    const answers: Record<string, boolean> = {
      '(prefers-color-scheme: dark)': state.dark,
      '(prefers-color-scheme: light)': !state.dark,
      '(prefers-reduced-motion: reduce)': false,
      '(pointer: fine)': true,
      '(pointer: coarse)': false,
      '(hover: hover)': true,
    };
    if (!(media in answers)) throw new Error(`asked ${media}`);
    return answers[media]!;
  };
  class FakeList extends EventTarget {
    #handler: ((e: Event) => void) | null = null;
    constructor(readonly media: string) {
      super();
    }
    get matches() {
      return answer(this.media);
    }
    // As a browser's: the handler is a listener, added without the prototype's method.
    get onchange() {
      return this.#handler;
    }
    set onchange(handler: ((e: Event) => void) | null) {
      if (this.#handler)
        EventTarget.prototype.removeEventListener.call(this, 'change', this.#handler);
      this.#handler = handler;
      if (handler) EventTarget.prototype.addEventListener.call(this, 'change', handler);
    }
  }
  const win = {
    get devicePixelRatio() {
      return state.dpr;
    },
    matchMedia: (query: string) => new FakeList(query) as unknown as MediaQueryList,
  };
  return { win: win as unknown as Window & typeof globalThis, state };
}

/** Each `change` a list's listeners heard, as `media=matches`. */
function listen(list: MediaQueryList, heard: string[]) {
  list.addEventListener('change', (e) => {
    const { media, matches } = e as MediaQueryListEvent;
    heard.push(`${media}=${matches}`);
  });
}

describe("the program's media query lists", () => {
  it('answer from the run, and hear of a change only when refreshed, once per change', () => {
    const { win, state } = fakeWindow();
    let answerFor = 'light';
    const lists = installMediaLists(win, () => answerFor === 'dark');
    const dark = win.matchMedia('(prefers-color-scheme: dark)');
    const heard: string[] = [];
    listen(dark, heard);
    state.dark = true; // the browser changed; the run has not given it yet
    expect(dark.matches).toBe(false);
    lists.refresh();
    expect(heard).toEqual([]);
    answerFor = 'dark'; // an environment tick gives it
    expect(dark.matches).toBe(true);
    lists.refresh();
    lists.refresh();
    expect(heard).toEqual(['(prefers-color-scheme: dark)=true']);
  });
});

describe('the run’s environment given to the program', () => {
  const light: RunEnvironment = {
    dpr: 1,
    colorScheme: 'light',
    reducedMotion: false,
    pointer: 'fine',
    hover: true,
  };

  it('live: a switch to dark mode is a change to record, given at its tick with a change event', () => {
    const { win, state } = fakeWindow();
    const env = createEnvironment(win, undefined);
    expect(env.start).toEqual({ environment: light });
    const dark = win.matchMedia('(prefers-color-scheme: dark)');
    const heard: string[] = [];
    listen(dark, heard);
    expect(env.liveChange()).toBeNull();
    state.dark = true;
    const change = env.liveChange();
    expect(change).toEqual({ ...light, colorScheme: 'dark' });
    // Until its tick the program reads what it was given.
    expect(dark.matches).toBe(false);
    expect(heard).toEqual([]);
    // The recorded input carries it (and a link's check reads it back).
    expect(environmentOfInput(environmentInput(change!))).toEqual(change);
    expect(env.give(change!)).toEqual({ environment: change });
    expect(dark.matches).toBe(true);
    expect(heard).toEqual(['(prefers-color-scheme: dark)=true']);
    expect(env.liveChange()).toBeNull();
  });

  it('replay: the recorded change is given at its tick even where the browser never changed', () => {
    const { win } = fakeWindow(2);
    const env = createEnvironment(win, { ...light, dpr: 2 });
    const dark = win.matchMedia('(prefers-color-scheme: dark)');
    const heard: string[] = [];
    listen(dark, heard);
    const recorded = { ...light, dpr: 2, colorScheme: 'dark' as const };
    // The browser is light: the tick says so, for the console's note.
    expect(env.give(recorded)).toEqual({
      environment: recorded,
      environmentHere: { ...light, dpr: 2 },
    });
    expect(dark.matches).toBe(true);
    expect(win.devicePixelRatio).toBe(2);
    expect(heard).toEqual(['(prefers-color-scheme: dark)=true']);
  });

  it('a resize tells the lists whose width query flipped, listened to either way', () => {
    const { win, state } = fakeWindow();
    const env = createEnvironment(win, undefined);
    const wide = win.matchMedia('(min-width: 560px)');
    const narrow = win.matchMedia('(min-width: 100px)');
    const unheard = win.matchMedia('(min-width: 600px)');
    const heard: string[] = [];
    listen(wide, heard);
    listen(narrow, heard);
    (win.matchMedia('(min-width: 610px)') as unknown as { onchange: unknown }).onchange = (
      e: MediaQueryListEvent,
    ) => heard.push(`onchange ${e.matches}`);
    state.width = 620;
    env.resized();
    expect(heard).toEqual(['(min-width: 560px)=true', 'onchange true']);
    // Read, never listened to: it answers, nobody is told.
    expect(unheard.matches).toBe(true);
  });

  it('live: a zoom (new size and pixel ratio) is a resize tick first, then an environment tick', () => {
    const { win, state } = fakeWindow();
    const env = createEnvironment(win, undefined);
    const sizes = [{ width: 400, height: 300 }];
    const viewport = { liveChange: () => sizes.shift() ?? null };
    state.dpr = 1.25;
    expect(liveChangeInput(viewport, env)).toMatchObject({
      type: 'resize',
      state: { width: 400, height: 300 },
    });
    const next = liveChangeInput(viewport, env);
    expect(next).toMatchObject({ type: 'environment', state: { dpr: 1.25 } });
    // The program gets the new ratio at that tick, not before.
    expect(win.devicePixelRatio).toBe(1);
    env.give(environmentOfInput(next!)!);
    expect(win.devicePixelRatio).toBe(1.25);
    expect(liveChangeInput(viewport, env)).toBeNull();
  });
});
