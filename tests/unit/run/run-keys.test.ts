import { describe, expect, it } from 'vitest';
import { applyRunShortcut, isRunChord, listenForRunChord } from '../../../src/run/run-keys';

const chord = (
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'repeat', boolean>>,
) =>
  Object.assign(new Event('keydown', { cancelable: true }), {
    key: 'Enter',
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    repeat: false,
    isComposing: false,
    ...mods,
  });

describe('run chord', () => {
  it('is Ctrl+Enter or Cmd+Enter, not Shift or Alt variants (Monaco keeps those)', () => {
    expect(isRunChord(chord({ ctrlKey: true }))).toBe(true);
    expect(isRunChord(chord({ metaKey: true }))).toBe(true);
    expect(isRunChord(chord({}))).toBe(false);
    expect(isRunChord(chord({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isRunChord(chord({ ctrlKey: true, altKey: true }))).toBe(false);
  });
  it('runs once per press, a held key does not repeat', () => {
    const target = new EventTarget();
    let runs = 0;
    const stop = listenForRunChord(target as unknown as Window, () => (runs += 1));
    const press = chord({ ctrlKey: true });
    target.dispatchEvent(press);
    expect(runs).toBe(1);
    expect(press.defaultPrevented).toBe(true);
    expect(press.cancelBubble).toBe(true);
    target.dispatchEvent(chord({ ctrlKey: true, repeat: true }));
    expect(runs).toBe(1);
    stop();
    target.dispatchEvent(chord({ ctrlKey: true }));
    expect(runs).toBe(1);
  });
});

describe('applyRunShortcut', () => {
  it('does to the timeline what each shortcut names (from the app or the preview)', () => {
    const calls: string[] = [];
    const timeline = {
      togglePlay: () => calls.push('toggle'),
      stepForward: () => calls.push('forward'),
      stepBack: () => calls.push('back'),
    };
    for (const action of ['back', 'toggle', 'forward'] as const) applyRunShortcut(timeline, action);
    expect(calls).toEqual(['back', 'toggle', 'forward']);
  });
});
