import { describe, expect, it } from 'vitest';
import {
  animationsHash,
  bytesHash,
  viewportKey,
} from '../../../../src/runtime/clock/tick-hashes.ts';

const spin = (currentTime: number | null, target = 'div#box.spin') => ({
  name: 'spin',
  target,
  currentTime,
});

describe('scene hashes', () => {
  it('an animation elsewhere, on another element or missing changes the hash', () => {
    const base = animationsHash([spin(100)]);
    expect(animationsHash([spin(100)])).toBe(base);
    expect(animationsHash([spin(116)])).not.toBe(base);
    expect(animationsHash([spin(100, 'div#other.spin')])).not.toBe(base);
    expect(animationsHash([])).not.toBe(base);
    expect(animationsHash([spin(null)])).not.toBe(base);
  });

  it('canvas bytes hash to the same number only when equal', () => {
    const pixels = new Uint8ClampedArray([0, 0, 0, 255, 255, 0, 0, 255]);
    const h = bytesHash(1, pixels);
    expect(bytesHash(1, pixels.slice())).toBe(h);
    const moved = pixels.slice();
    moved[4] = 254;
    expect(bytesHash(1, moved)).not.toBe(h);
  });

  it('names the viewport with its pixel ratio', () => {
    expect(viewportKey({ innerWidth: 640, innerHeight: 480, devicePixelRatio: 2 })).toBe(
      '640×480@2',
    );
  });
});
