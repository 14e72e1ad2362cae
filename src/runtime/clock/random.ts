/**
 * Seeded randomness for the preview: Math.random, crypto.getRandomValues and
 * crypto.randomUUID draw from one sfc32 generator seeded by the run, so a replay with the same
 * seed sees the same numbers. `draws` counts calls (part of each tick's fingerprint).
 */
export interface SeededRandom {
  /** A float in [0, 1), as Math.random. */
  next(): number;
  /** A uint32. */
  nextUint32(): number;
  /** Calls so far (Math.random, getRandomValues and randomUUID each count once). */
  draws: number;
}

/** sfc32 (small fast counter), seeded through splitmix32 so nearby seeds diverge at once. */
export function createRandom(seed: number): SeededRandom {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const u32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  const random: SeededRandom = {
    draws: 0,
    next: () => u32() / 4294967296,
    nextUint32: u32,
  };
  return random;
}

type IntArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array;

/** Replaces Math.random and the crypto random sources of `win` with `random`. */
export function installRandom(win: typeof globalThis, random: SeededRandom): void {
  const math = win.Math;
  Object.defineProperty(math, 'random', {
    configurable: true,
    writable: true,
    value: function random_() {
      random.draws++;
      return random.next();
    }.bind(null),
  });
  const crypto = win.crypto as Crypto | undefined;
  if (!crypto) return;
  const proto = Object.getPrototypeOf(crypto) as Crypto;
  const realGetRandomValues = proto.getRandomValues;
  const getRandomValues = function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
    // The real method validates (type, 65,536-byte quota) and throws the browser's own errors.
    realGetRandomValues.call(crypto, array as unknown as IntArray);
    random.draws++;
    const view = array as unknown as ArrayBufferView;
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i += 4) {
      let n = random.nextUint32();
      for (let j = i; j < i + 4 && j < bytes.length; j++) {
        bytes[j] = n & 0xff;
        n >>>= 8;
      }
    }
    return array;
  };
  const randomUUID = function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
    random.draws++;
    const b = new Uint8Array(16);
    for (let i = 0; i < 16; i += 4) {
      const n = random.nextUint32();
      b[i] = n & 0xff;
      b[i + 1] = (n >>> 8) & 0xff;
      b[i + 2] = (n >>> 16) & 0xff;
      b[i + 3] = n >>> 24;
    }
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` as `${string}-${string}-${string}-${string}-${string}`;
  };
  const define = (name: string, value: unknown) =>
    Object.defineProperty(crypto, name, { configurable: true, writable: true, value });
  define('getRandomValues', getRandomValues);
  if (typeof proto.randomUUID === 'function') define('randomUUID', randomUUID);
}
