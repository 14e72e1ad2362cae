import { describe, expect, it } from 'vitest';
import { rowsToRender } from '../../../src/console/row-range';

describe('rowsToRender', () => {
  it('renders the rows in view and the overscan either side when not following', () => {
    expect(rowsToRender({ startIndex: 10, endIndex: 12, overscan: 2, count: 100 }, false)).toEqual([
      8, 9, 10, 11, 12, 13, 14,
    ]);
  });

  it('clamps to the list at both ends', () => {
    expect(rowsToRender({ startIndex: 0, endIndex: 2, overscan: 3, count: 4 }, false)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('while following, renders the newest rows that fit, not the stale range', () => {
    // The view showed rows 0–4 of 5; 495 rows came in before the scroll to the end.
    expect(rowsToRender({ startIndex: 0, endIndex: 4, overscan: 2, count: 500 }, true)).toEqual([
      493, 494, 495, 496, 497, 498, 499,
    ]);
  });

  it('while following a list shorter than the view, renders all of it', () => {
    expect(rowsToRender({ startIndex: 0, endIndex: 20, overscan: 5, count: 3 }, true)).toEqual([
      0, 1, 2,
    ]);
  });

  it('renders nothing for an empty list', () => {
    expect(rowsToRender({ startIndex: 0, endIndex: 0, overscan: 5, count: 0 }, true)).toEqual([]);
  });
});
