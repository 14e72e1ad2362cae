import { describe, expect, it } from 'vitest';
import { frameBox } from '../../../src/preview/frame-size';

const recorded = { width: 375, height: 351 };

describe('the box of a replay frame', () => {
  it('is the pane’s own when the pane rounds to the recorded size', () => {
    const pane = { width: 375.4375, height: 351.25 };
    expect(frameBox(pane, recorded, 1)).toEqual(pane);
  });

  it('is the recorded size in whole pixels when the pane, within a pixel, rounds to another', () => {
    // A window one pixel wider: the pane is 376 px to a program.
    expect(frameBox({ width: 375.82, height: 351 }, recorded, 1)).toEqual(recorded);
    expect(frameBox({ width: 375, height: 350.5 }, recorded, 1)).toEqual(recorded);
    expect(frameBox({ width: 374.5, height: 351 }, recorded, 1)).toEqual(recorded);
  });

  it('is the recorded size when the pane is another size or unknown', () => {
    expect(frameBox({ width: 627, height: 400 }, recorded, 1)).toEqual(recorded);
    expect(frameBox(undefined, recorded, 1)).toEqual(recorded);
  });

  it('asks a pane to be nearer at a higher pixel ratio', () => {
    expect(frameBox({ width: 375.3, height: 351 }, recorded, 2)).toEqual(recorded);
    expect(frameBox({ width: 375.2, height: 351 }, recorded, 2)).toEqual({
      width: 375.2,
      height: 351,
    });
  });
});
