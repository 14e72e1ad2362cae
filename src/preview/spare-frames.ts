import type { VendorBundle } from '../protocol';
import type { ConnectedFrame } from './frame';

export interface SpareFramesOptions {
  /** Creates a hidden preview iframe and resolves once its runtime connected. */
  create(): Promise<ConnectedFrame>;
  /** How many spares to keep booted ahead. */
  size: number;
  /** Runs the boot of a further spare when the host allows background work (its gate). */
  schedule(boot: () => void): void;
}

export interface SpareFrames {
  /** A connected spare taken out of the pool, or null when none has connected yet. */
  takeReady(): ConnectedFrame | null;
  /** The oldest spare (maybe still booting), or a new frame when there is none. */
  take(): Promise<ConnectedFrame>;
  /** Boots spares up to the pool's size, one at a time (each next one through `schedule`). */
  fill(): void;
  /** From now on spares load these prebuilt bundles ahead (the last program used them). */
  preloadVendor(bundles: readonly VendorBundle[]): void;
  /** Forgets every spare; `remove` also removes their iframes. */
  clear(remove: boolean): void;
}

interface Spare {
  frame: Promise<ConnectedFrame>;
  ready: ConnectedFrame | null;
}

/**
 * Preview iframes booted ahead of the runs that will use them: a spare with its runtime (and
 * React) loaded saves ~25–150 ms per run. More than one, so back-to-back runs each find one
 * ready although the next spare boots only once the new run has shown its output.
 */
export function createSpareFrames(options: SpareFramesOptions): SpareFrames {
  let spares: Spare[] = [];
  let booting: Spare | null = null;
  // The bundles the last program used: each spare loads them ahead.
  let vendor: readonly VendorBundle[] = [];
  // Bumped by clear(): a spare still booting from before is not added back.
  let generation = 0;

  const fill = () => {
    if (booting || spares.length >= options.size) return;
    const mine = generation;
    const spare: Spare = { frame: options.create(), ready: null };
    booting = spare;
    spares.push(spare);
    spare.frame.then(
      (frame) => {
        if (mine !== generation) return;
        if (booting === spare) booting = null;
        // Taken while it booted: it is a run's frame now.
        if (!spares.includes(spare)) return;
        spare.ready = frame;
        if (vendor.length) frame.send({ type: 'preload', bundles: [...vendor] });
        if (spares.length < options.size) options.schedule(fill);
      },
      () => {
        if (mine !== generation) return;
        if (booting === spare) booting = null;
        spares = spares.filter((s) => s !== spare);
      },
    );
  };

  return {
    takeReady() {
      const spare = spares.find((s) => s.ready);
      if (!spare) return null;
      spares = spares.filter((s) => s !== spare);
      return spare.ready;
    },
    take() {
      const spare = spares.shift();
      if (!spare) return options.create();
      if (booting === spare) booting = null;
      return spare.frame;
    },
    fill,
    preloadVendor(bundles) {
      const added = bundles.filter((b) => !vendor.includes(b));
      vendor = bundles;
      // A spare already loading a bundle the new program does not use just never uses it.
      if (added.length)
        for (const spare of spares) spare.ready?.send({ type: 'preload', bundles: added });
    },
    clear(remove) {
      generation++;
      booting = null;
      if (remove)
        for (const spare of spares)
          void spare.frame.then(
            (f) => f.iframe.remove(),
            () => {},
          );
      spares = [];
    },
  };
}
