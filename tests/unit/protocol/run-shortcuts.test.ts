import { describe, expect, it } from 'vitest';
import { runShortcut } from '../../../src/protocol/run-shortcuts';

const key = (
  code: string,
  mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('run shortcuts', () => {
  it('maps Alt+P, Alt+. and Alt+, by physical key', () => {
    expect(runShortcut(key('KeyP', { altKey: true }))).toBe('toggle');
    expect(runShortcut(key('Period', { altKey: true }))).toBe('forward');
    expect(runShortcut(key('Comma', { altKey: true }))).toBe('back');
  });
  it('ignores the keys without Alt or with other modifiers (typing, editor commands)', () => {
    expect(runShortcut(key('KeyP'))).toBeNull();
    expect(runShortcut(key('Period', { altKey: true, ctrlKey: true }))).toBeNull();
    expect(runShortcut(key('Comma', { altKey: true, shiftKey: true }))).toBeNull();
  });
});
