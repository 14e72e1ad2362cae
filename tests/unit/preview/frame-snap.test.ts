import { describe, expect, it } from 'vitest';
import { snappedInsets, type Edges } from '../../../src/preview/frame-snap';

/** The box `pane` becomes with the insets applied. */
const snapped = (pane: Edges, ratio: number): Edges => {
  const i = snappedInsets(pane, ratio);
  return {
    left: pane.left + i.left,
    top: pane.top + i.top,
    right: pane.right - i.right,
    bottom: pane.bottom - i.bottom,
  };
};

describe('the preview frames’ box on whole device pixels', () => {
  it('moves fractional edges inwards to the next whole pixel', () => {
    // The preview pane at 1280×720 with the default layout.
    const pane = { left: 798.15625, top: 41.5, right: 1280, bottom: 393.671875 };
    expect(snapped(pane, 1)).toEqual({ left: 799, top: 42, right: 1280, bottom: 393 });
  });

  it('leaves a pane already on whole pixels as it is', () => {
    const pane = { left: 800, top: 42, right: 1280, bottom: 400 };
    expect(snappedInsets(pane, 1)).toEqual({ left: 0, top: 0, right: 0, bottom: 0 });
  });

  it('takes an edge within layout’s precision of a pixel as on it', () => {
    const pane = { left: 799.999, top: 42.001, right: 1280.004, bottom: 399.996 };
    expect(snappedInsets(pane, 1)).toEqual({ left: 0, top: 0, right: 0, bottom: 0 });
  });

  it('snaps to device pixels, which are half a CSS pixel at a ratio of 2', () => {
    const pane = { left: 798.15625, top: 41.5, right: 1279.75, bottom: 393.671875 };
    expect(snapped(pane, 2)).toEqual({ left: 798.5, top: 41.5, right: 1279.5, bottom: 393.5 });
    // At 1.5 a device pixel is 2/3 of a CSS pixel.
    const box = snapped({ left: 10.2, top: 0, right: 100.9, bottom: 50 }, 1.5);
    expect(box.left * 1.5).toBeCloseTo(Math.round(box.left * 1.5), 9);
    expect(box.right * 1.5).toBeCloseTo(Math.round(box.right * 1.5), 9);
    expect(box.left).toBeGreaterThanOrEqual(10.2);
    expect(box.right).toBeLessThanOrEqual(100.9);
  });

  it('treats a ratio the browser did not give as 1', () => {
    expect(snapped({ left: 0.5, top: 0, right: 10.5, bottom: 10 }, 0)).toEqual({
      left: 1,
      top: 0,
      right: 10,
      bottom: 10,
    });
  });
});
