import { describe, expect, it } from 'vitest';
import {
  createNestedFrameGuard,
  HIDDEN_NOTE,
  USER_MS,
} from '../../../src/runtime/nested-frame-focus';

/** A preview with nested frames by name, focus in one of them or none, and a clock. */
function preview() {
  const log: string[] = [];
  const state = { active: null as string | null, clock: 10_000 };
  const guard = createNestedFrameGuard<string>({
    activeFrame: () => state.active,
    hide: (frame) => log.push(`hide ${frame}`),
    show: (frame) => log.push(`show ${frame}`),
    now: () => state.clock,
    warn: (text) => log.push(text),
  });
  return { guard, log, state };
}

describe('nested frame focus guard', () => {
  it('hides a nested frame that took focus the user gave nobody, and says so once per grab', () => {
    const { guard, log, state } = preview();
    state.active = 'thief';
    expect(guard.check(9_000, false)).toBe(true);
    expect(log).toEqual(['hide thief', HIDDEN_NOTE]);
    // Still reported active while the browser moves focus out: not hidden twice.
    expect(guard.check(9_000, false)).toBe(false);
    expect(log).toHaveLength(2);
  });

  it('does nothing when focus is in the preview’s own document', () => {
    const { guard, log } = preview();
    expect(guard.check(9_000, false)).toBe(false);
    expect(log).toEqual([]);
  });

  it('leaves a frame the pointer went over after the app last saw it: the user clicked into it', () => {
    const { guard, log, state } = preview();
    state.clock = 9_500;
    guard.pointerOver('form');
    state.clock = 10_000;
    state.active = 'form';
    expect(guard.check(9_000, false)).toBe(false);
    expect(log).toEqual([]);
  });

  it('hides it when the pointer has been back in the app since (it left the nested frame unseen)', () => {
    const { guard, log, state } = preview();
    state.clock = 9_000;
    guard.pointerOver('form');
    state.active = 'form';
    expect(guard.check(9_500, false)).toBe(true);
    expect(log[0]).toBe('hide form');
  });

  it('hides it when the pointer went over another frame or element since', () => {
    const { guard, state } = preview();
    state.clock = 9_500;
    guard.pointerOver('form');
    guard.pointerOver(null);
    state.active = 'form';
    expect(guard.check(9_000, false)).toBe(true);
  });

  it('leaves a frame the user tabbed into, from the app or from the preview', () => {
    const { guard, state } = preview();
    state.active = 'form';
    expect(guard.check(9_000, true)).toBe(false);
    guard.key();
    state.clock += USER_MS - 1;
    expect(guard.check(9_000, false)).toBe(false);
    state.clock += 2;
    expect(guard.check(9_000, false)).toBe(true);
  });

  it('leaves a grab right after the user pressed in the preview: the user works there', () => {
    const { guard, state } = preview();
    guard.press();
    state.clock += 20;
    state.active = 'thief';
    expect(guard.check(9_000, false)).toBe(false);
  });

  it('hides a grab after the user went back to the app, however recent the press here', () => {
    const { guard, state } = preview();
    guard.press();
    state.clock += 20;
    state.active = 'thief';
    expect(guard.check(state.clock - 10, false)).toBe(true);
  });

  it('shows every hidden frame again when the user presses in the preview', () => {
    const { guard, log, state } = preview();
    state.active = 'a';
    guard.check(0, false);
    state.active = 'b';
    guard.check(0, false);
    log.length = 0;
    guard.press();
    expect(log).toEqual(['show a', 'show b']);
    guard.press();
    expect(log).toHaveLength(2);
    // Shown, it is hidden again by its next grab once the user is back in the app.
    state.active = 'a';
    expect(guard.check(state.clock + 1, false)).toBe(true);
  });
});
