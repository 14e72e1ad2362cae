import { describe, expect, it } from 'vitest';
import { isHelpKey, isSaveChord, listenForAppKeys } from '../../../../src/app/keyboard/app-keys';

const key = (key: string, mods: Partial<KeyboardEvent> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  isComposing: false,
  target: null,
  ...mods,
});

/** A keydown as the window dispatches it (Node has Event but no KeyboardEvent). */
function keydown(target: EventTarget, init: ReturnType<typeof key> & { repeat?: boolean }) {
  const { target: _unused, ...props } = init;
  const event = Object.assign(new Event('keydown', { cancelable: true }), props);
  target.dispatchEvent(event);
  return event;
}

describe('app keys', () => {
  it('Ctrl+S and Cmd+S save; with Shift or Alt, or while composing, they do not', () => {
    expect(isSaveChord(key('s', { ctrlKey: true }))).toBe(true);
    expect(isSaveChord(key('S', { metaKey: true }))).toBe(true);
    expect(isSaveChord(key('s'))).toBe(false);
    expect(isSaveChord(key('s', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveChord(key('s', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveChord(key('s', { ctrlKey: true, isComposing: true }))).toBe(false);
  });

  it('? asks for help only without Ctrl, Cmd or Alt', () => {
    expect(isHelpKey(key('?', { shiftKey: true }))).toBe(true);
    expect(isHelpKey(key('?', { ctrlKey: true }))).toBe(false);
    expect(isHelpKey(key('/', { shiftKey: false }))).toBe(false);
  });

  it('stops the browser’s Save page and saves once per press, not per auto-repeat', () => {
    const target = new EventTarget();
    const calls: string[] = [];
    const stop = listenForAppKeys(target as unknown as Window, {
      save: () => calls.push('save'),
      showShortcuts: () => calls.push('help'),
    });
    expect(keydown(target, key('s', { ctrlKey: true })).defaultPrevented).toBe(true);
    expect(keydown(target, { ...key('s', { ctrlKey: true }), repeat: true }).defaultPrevented).toBe(
      true,
    );
    expect(keydown(target, key('?', { shiftKey: true })).defaultPrevented).toBe(true);
    expect(keydown(target, key('a')).defaultPrevented).toBe(false);
    stop();
    keydown(target, key('s', { ctrlKey: true }));
    expect(calls).toEqual(['save', 'help']);
  });

  it("in the editor, Ctrl+S is left to the editor's own Save command, still without Save page", () => {
    /** Stands in for a key event's target inside Monaco. */
    class InEditor extends EventTarget {
      closest(selector: string) {
        return selector === '.monaco-editor' ? this : null;
      }
    }
    const target = new InEditor();
    const calls: string[] = [];
    listenForAppKeys(target as unknown as Window, {
      save: () => calls.push('save'),
      showShortcuts: () => calls.push('help'),
    });
    expect(keydown(target, key('s', { ctrlKey: true })).defaultPrevented).toBe(true);
    expect(calls).toEqual([]);
  });
});
