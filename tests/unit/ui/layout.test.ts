import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, layoutKindFor, layoutPlan, layoutQuery } from '../../../src/ui/layout';

describe('layoutKindFor', () => {
  it('maps the widths people use to an arrangement', () => {
    expect(layoutKindFor(375)).toBe('phone');
    expect(layoutKindFor(639)).toBe('phone');
    expect(layoutKindFor(640)).toBe('tablet');
    expect(layoutKindFor(768)).toBe('tablet');
    expect(layoutKindFor(1024)).toBe('tablet');
    expect(layoutKindFor(1280)).toBe('laptop');
    expect(layoutKindFor(1400)).toBe('laptop');
    expect(layoutKindFor(1920)).toBe('wide');
  });
});

describe('layoutPlan', () => {
  it('uses tabs on a phone only', () => {
    expect(layoutPlan('phone').tabs).toBe(true);
    for (const kind of ['tablet', 'laptop', 'wide'] as const)
      expect(layoutPlan(kind).tabs).toBe(false);
  });

  it('hides nothing behind "More" from 1280 px up', () => {
    expect(layoutPlan(layoutKindFor(1280)).overflow).toEqual([]);
    expect(layoutPlan(layoutKindFor(1920)).overflow).toEqual([]);
  });

  it('keeps Share and Settings in the toolbar on a tablet, and puts them in More on a phone', () => {
    expect(layoutPlan('tablet').overflow).not.toContain('share');
    expect(layoutPlan('tablet').overflow).not.toContain('settings');
    expect(layoutPlan('phone').overflow).toEqual(
      expect.arrayContaining(['share', 'settings', 'speed']),
    );
  });

  it('shows the speed exactly once: with playback, in the toolbar, or in More', () => {
    for (const kind of ['phone', 'tablet', 'laptop', 'wide'] as const) {
      const plan = layoutPlan(kind);
      expect(plan.overflow.includes('speed'), kind).toBe(plan.speed === 'more');
      if (plan.speed === 'transport') expect(plan.transport, kind).toBe('toolbar');
    }
  });

  it('puts playback in the toolbar only where the window is wide', () => {
    expect(layoutPlan('wide').transport).toBe('toolbar');
    expect(layoutPlan('laptop').transport).toBe('preview');
  });
});

describe('layoutQuery', () => {
  /** Evaluates the min/max-width query the way a browser does, for one width. */
  const matches = (query: string, width: number) =>
    query.split(' and ').every((part) => {
      const [, side, px] = /\((min|max)-width: ([\d.]+)px\)/.exec(part)!;
      return side === 'min' ? width >= Number(px) : width <= Number(px);
    });

  it('gives every width exactly one arrangement, the one layoutKindFor names', () => {
    const edges = Object.values(BREAKPOINTS).flatMap((b) => [b - 1, b - 0.5, b, b + 0.5]);
    for (const width of [1, 320, 375, 768, 1366, 2560, ...edges]) {
      const hits = (['phone', 'tablet', 'laptop', 'wide'] as const).filter((k) =>
        matches(layoutQuery(k), width),
      );
      expect(hits, `width ${width}`).toEqual([layoutKindFor(width)]);
    }
  });
});
