import { createProjectStore } from '../../../../src/project/model/store';
import { createAutosave, type AutosaveDeps } from '../../../../src/project/storage/autosave';
import { createMemoryBackend } from '../../../../src/project/storage/memory-backend';
import type { Project } from '../../../../src/protocol';

export const sample = (name = 'Sample'): Project => ({
  name,
  entry: 'src/main.ts',
  files: {
    'src/main.ts': { kind: 'text', text: 'console.log(1)\n' },
    'src/util.ts': { kind: 'text', text: 'export const x = 1;\n' },
    'logo.png': {
      kind: 'binary',
      bytes: new Uint8Array([137, 80, 78, 71, 0, 255]),
      mime: 'image/png',
    },
  },
});

/** A Map-backed localStorage. */
export function memoryLocal() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** Manual timers and clock, so debounce is driven by the test. */
export function manualTime(start = 1_000) {
  let t = start;
  const timers = new Set<{ fn: () => void; at: number }>();
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      const timer = { fn, at: t + ms };
      timers.add(timer);
      return timer;
    },
    clearTimer: (h: unknown) => void timers.delete(h as { fn: () => void; at: number }),
    pending: () => timers.size,
    advance(ms: number) {
      t += ms;
      for (const timer of [...timers])
        if (timer.at <= t) {
          timers.delete(timer);
          timer.fn();
        }
    },
  };
}

export const settle = () => new Promise((r) => setTimeout(r, 0));

let counter = 0;
export function setup(overrides: Partial<AutosaveDeps> = {}, project = sample()) {
  const store = createProjectStore(project);
  const backend = createMemoryBackend();
  const local = memoryLocal();
  const time = manualTime();
  const errors: (string | null)[] = [];
  const make = (extra: Partial<AutosaveDeps> = {}) =>
    createAutosave({
      store,
      backend,
      local,
      openedFromLink: false,
      delayMs: 500,
      onError: (e) => errors.push(e),
      newId: () => `id-${++counter}`,
      now: time.now,
      setTimer: time.setTimer,
      clearTimer: time.clearTimer,
      ...overrides,
      ...extra,
    });
  return { store, backend, local, time, errors, autosave: make(), make };
}
