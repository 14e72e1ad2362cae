/**
 * The parts of a tick's fingerprint the user sees besides the DOM: the viewport, each running
 * animation and (at sampled ticks) the pixels of 2D canvases, so a replay that looks different
 * is reported instead of passing silently.
 */
import type { TickRecord, Viewport } from '../../protocol/index.ts';
import type { SyncedAnimation } from './animations.ts';
import { animationsHash, bytesHash, viewportKey, type AnimationLook } from './tick-hashes.ts';

/** Canvas pixels are read every this many ticks (a GPU readback is not free). */
export const CANVAS_SAMPLE_EVERY = 4;
/** Canvases are hashed downscaled to this many pixels a side. */
const SCRATCH = 32;

export type Scene = Pick<TickRecord, 'viewport' | 'animations' | 'canvas'>;

/**
 * Watches which canvases get a 2D context (asking for one itself would create it). `seen`:
 * the viewport the program was given (viewport.ts), by default the window's.
 */
export function createSceneReader(
  win: Window & typeof globalThis,
  seen: () => Viewport = () => ({ width: win.innerWidth, height: win.innerHeight }),
) {
  const twoD = new WeakSet<HTMLCanvasElement>();
  const proto = win.HTMLCanvasElement?.prototype;
  const getContext = proto?.getContext;
  if (proto && getContext) {
    proto.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
      const ctx = (getContext as (...a: unknown[]) => unknown).apply(this, args);
      if (args[0] === '2d' && ctx) twoD.add(this);
      return ctx;
    } as typeof getContext;
  }
  let scratch: CanvasRenderingContext2D | null = null;
  const canvasHash = (): number | undefined => {
    const canvases = [...win.document.querySelectorAll('canvas')].filter((c) => twoD.has(c));
    if (canvases.length === 0) return undefined;
    if (!scratch) {
      const el = win.document.createElement('canvas');
      el.width = el.height = SCRATCH;
      // Read back at every sampled tick: kept in memory, not on the GPU (a readback from the
      // GPU waited for it at each of them, ~1 ms a sample in a replay of a canvas program).
      scratch = getContext?.call(el, '2d', {
        willReadFrequently: true,
      }) as CanvasRenderingContext2D | null;
      if (!scratch) return undefined;
    }
    let h = 0x811c9dc5;
    for (const canvas of canvases) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      scratch.clearRect(0, 0, SCRATCH, SCRATCH);
      scratch.drawImage(canvas, 0, 0, SCRATCH, SCRATCH);
      h = bytesHash(
        h ^ canvas.width ^ (canvas.height << 16),
        scratch.getImageData(0, 0, SCRATCH, SCRATCH).data,
      );
    }
    return h;
  };
  return (tick: number, animations: SyncedAnimation[]): Scene => {
    const scene: Scene = {
      viewport: viewportKey({
        innerWidth: seen().width,
        innerHeight: seen().height,
        devicePixelRatio: win.devicePixelRatio,
      }),
      animations: animationsHash(animations.map(look)),
    };
    if (tick % CANVAS_SAMPLE_EVERY === 0) {
      try {
        const canvas = canvasHash();
        if (canvas !== undefined) scene.canvas = canvas;
      } catch {
        // A canvas tainted by a cross-origin image cannot be read: it is left out.
      }
    }
    return scene;
  };
}

function look(a: SyncedAnimation): AnimationLook {
  const named = a as { animationName?: string; transitionProperty?: string; id?: string };
  const target = (a.effect as KeyframeEffect | null)?.target ?? null;
  return {
    name: named.animationName ?? named.transitionProperty ?? named.id ?? '',
    target: target
      ? `${target.tagName.toLowerCase()}#${target.id}.${target.getAttribute('class') ?? ''}`
      : '',
    currentTime: a.currentTime === null ? null : Number(a.currentTime),
  };
}
