import { describe, expect, it } from 'vitest';
import { applyTheme } from '../../../src/settings/theme';

function fakeMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    flip(next: boolean) {
      this.matches = next;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

/** The one part of <html> applyTheme touches (the unit tests run without a DOM). */
function fakeRoot() {
  const attrs: Record<string, string> = {};
  return {
    setAttribute: (name: string, value: string) => (attrs[name] = value),
    get theme() {
      return attrs['data-theme'];
    },
  };
}

describe('applyTheme', () => {
  it("resolves 'system' from the OS and follows it until stopped", () => {
    const root = fakeRoot();
    const media = fakeMedia(true);
    const stop = applyTheme(root as never, 'system', media as never);
    expect(root.theme).toBe('dark');
    media.flip(false);
    expect(root.theme).toBe('light');
    stop();
    media.flip(true);
    expect(root.theme).toBe('light');
    expect(media.listeners.size).toBe(0);
  });

  it('a chosen theme ignores the OS', () => {
    const root = fakeRoot();
    const media = fakeMedia(true);
    applyTheme(root as never, 'light', media as never);
    expect(root.theme).toBe('light');
    expect(media.listeners.size).toBe(0);
  });
});
