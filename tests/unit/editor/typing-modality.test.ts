import { describe, expect, it } from 'vitest';
import { expectKeysInEditor, type TypingTarget } from '../../../src/editor/typing-modality';

/** An editor whose focus and mouse presses the test drives. */
function fakeEditor() {
  const focusListeners = new Set<() => void>();
  const pressListeners = new Set<() => void>();
  const listen = (set: Set<() => void>) => (fn: () => void) => {
    set.add(fn);
    return { dispose: () => set.delete(fn) };
  };
  const editor = {
    focused: false,
    onDidFocusEditorText: listen(focusListeners),
    onMouseDown: listen(pressListeners),
    hasTextFocus: () => editor.focused,
    focus() {
      editor.focused = true;
      focusListeners.forEach((fn) => fn());
    },
    press() {
      pressListeners.forEach((fn) => fn());
    },
    listeners: () => focusListeners.size + pressListeners.size,
  };
  return editor satisfies TypingTarget;
}

/** An idle queue the test runs by hand. */
function fakeIdle() {
  const queue = new Set<() => void>();
  return {
    schedule(fn: () => void) {
      queue.add(fn);
      return () => queue.delete(fn);
    },
    run() {
      const due = [...queue];
      queue.clear();
      due.forEach((fn) => fn());
    },
    size: () => queue.size,
  };
}

describe('expectKeysInEditor', () => {
  it('switches to keyboard in the idle moment after a click gives the editor focus', () => {
    const editor = fakeEditor();
    const idle = fakeIdle();
    let switched = 0;
    expectKeysInEditor(editor, idle.schedule, () => switched++);
    editor.press();
    editor.focus();
    expect(switched).toBe(0);
    expect(idle.size()).toBe(1);
    idle.run();
    expect(switched).toBe(1);
  });

  it('switches again after a later click in the focused editor', () => {
    const editor = fakeEditor();
    const idle = fakeIdle();
    let switched = 0;
    expectKeysInEditor(editor, idle.schedule, () => switched++);
    editor.focus();
    idle.run();
    editor.press();
    idle.run();
    expect(switched).toBe(2);
  });

  it('does not switch when focus left the editor before the idle moment', () => {
    const editor = fakeEditor();
    const idle = fakeIdle();
    let switched = 0;
    expectKeysInEditor(editor, idle.schedule, () => switched++);
    editor.focus();
    editor.focused = false;
    idle.run();
    expect(switched).toBe(0);
  });

  it('stops listening and cancels a pending switch when disposed', () => {
    const editor = fakeEditor();
    const idle = fakeIdle();
    let switched = 0;
    const disposable = expectKeysInEditor(editor, idle.schedule, () => switched++);
    editor.focus();
    disposable.dispose();
    expect(idle.size()).toBe(0);
    expect(editor.listeners()).toBe(0);
    editor.press();
    idle.run();
    expect(switched).toBe(0);
  });
});
