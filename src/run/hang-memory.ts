/**
 * Remembers that a run stopped responding, across page loads, so a saved endless loop does
 * not lock its user out: the next load starts with auto-run off (see hang-watch.ts).
 */
export interface HangRecord {
  /** Name of the project whose run hung. */
  project: string;
  /** When it hung (ms since epoch). */
  at: number;
}

export interface HangMemory {
  /** The remembered hang, or null (also when storage is unreadable or holds junk). */
  read(): HangRecord | null;
  remember(project: string): void;
  forget(): void;
}

export const HANG_KEY = 'playpen:last-hang';

type HangStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage and clock are injected; a storage that throws (private mode, quota) is tolerated. */
export function createHangMemory(storage: HangStorage | null, now = Date.now): HangMemory {
  return {
    read() {
      try {
        const raw = storage?.getItem(HANG_KEY);
        if (!raw) return null;
        const value = JSON.parse(raw) as unknown;
        if (typeof value !== 'object' || value === null) return null;
        const { project, at } = value as Record<string, unknown>;
        if (typeof project !== 'string' || typeof at !== 'number') return null;
        return { project, at };
      } catch {
        return null;
      }
    },
    remember(project) {
      try {
        storage?.setItem(HANG_KEY, JSON.stringify({ project, at: now() }));
      } catch {
        // Unsaved: the next load auto-runs as usual, and the watchdog stops a new hang again.
      }
    },
    forget() {
      try {
        storage?.removeItem(HANG_KEY);
      } catch {
        // Nothing to do: a stale flag only costs one load without auto-run.
      }
    },
  };
}
