import { describe, expect, it } from 'vitest';
import type { RunEnvironment } from '../../../../src/protocol';
import { matchesFor, readEnvironment } from '../../../../src/runtime/clock/environment-reads';

const dark: RunEnvironment = {
  dpr: 2,
  colorScheme: 'dark',
  reducedMotion: true,
  pointer: 'coarse',
  hover: false,
};

/** A browser in light mode at 1×, fine pointer that hovers, 800 px wide. */
const light = (q: string): boolean => {
  const answers: Record<string, boolean> = {
    '(prefers-color-scheme: dark)': false,
    '(prefers-reduced-motion: reduce)': false,
    '(pointer: fine)': true,
    '(hover: hover)': true,
    '(min-width: 600px)': true,
    '(max-width: 600px)': false,
    screen: true,
    print: false,
  };
  if (!(q in answers)) throw new Error(`the real browser was asked ${q}`);
  return answers[q]!;
};

describe('matchMedia answered for the recorded environment', () => {
  it('answers the recorded features, not the browser’s', () => {
    expect(matchesFor('(prefers-color-scheme: dark)', dark, light)).toBe(true);
    expect(matchesFor('(prefers-color-scheme: light)', dark, light)).toBe(false);
    expect(matchesFor('(prefers-reduced-motion: reduce)', dark, light)).toBe(true);
    expect(matchesFor('(prefers-reduced-motion: no-preference)', dark, light)).toBe(false);
    expect(matchesFor('(pointer: coarse)', dark, light)).toBe(true);
    expect(matchesFor('(any-pointer: fine)', dark, light)).toBe(false);
    expect(matchesFor('(hover: hover)', dark, light)).toBe(false);
    expect(matchesFor('(hover: none)', dark, light)).toBe(true);
    expect(matchesFor('(hover)', dark, light)).toBe(false);
  });

  it('answers resolution and device-pixel-ratio from the recorded ratio, in every unit', () => {
    expect(matchesFor('(resolution: 2dppx)', dark, light)).toBe(true);
    expect(matchesFor('(min-resolution: 2x)', dark, light)).toBe(true);
    expect(matchesFor('(min-resolution: 192dpi)', dark, light)).toBe(true);
    expect(matchesFor('(max-resolution: 1.5dppx)', dark, light)).toBe(false);
    expect(matchesFor('(-webkit-min-device-pixel-ratio: 2)', dark, light)).toBe(true);
    expect(matchesFor('(-webkit-max-device-pixel-ratio: 1)', dark, light)).toBe(false);
  });

  it('asks the browser for the rest (sizes, media types), term by term', () => {
    expect(matchesFor('(min-width: 600px)', dark, light)).toBe(true);
    expect(matchesFor('screen and (prefers-color-scheme: dark)', dark, light)).toBe(true);
    expect(matchesFor('(min-width: 600px) and (hover: hover)', dark, light)).toBe(false);
    expect(matchesFor('print, (pointer: coarse)', dark, light)).toBe(true);
    expect(matchesFor('not screen and (prefers-color-scheme: dark)', dark, light)).toBe(false);
    expect(matchesFor('NOT (prefers-color-scheme: light)', dark, light)).toBe(true);
    expect(matchesFor('(MAX-WIDTH: 600px)', dark, light)).toBe(false);
  });

  it('sends level-4 syntax it does not split to the browser whole', () => {
    const asked: string[] = [];
    const real = (q: string) => (asked.push(q), true);
    expect(matchesFor('(hover: none) or (pointer: fine)', dark, real)).toBe(true);
    expect(asked).toEqual(['(hover: none) or (pointer: fine)']);
  });
});

describe('reading the environment', () => {
  it('reads each feature from the browser’s answers', () => {
    expect(readEnvironment(1, light)).toEqual({
      dpr: 1,
      colorScheme: 'light',
      reducedMotion: false,
      pointer: 'fine',
      hover: true,
    });
    expect(readEnvironment(3, (q) => q === '(pointer: coarse)')).toEqual({
      dpr: 3,
      colorScheme: 'light',
      reducedMotion: false,
      pointer: 'coarse',
      hover: false,
    });
  });
});
