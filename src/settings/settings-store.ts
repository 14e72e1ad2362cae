/** User preferences that outlive a reload. The settings dialog (a later issue) edits these. */
export interface Settings {
  /** Rebuild and restart shortly after each edit. */
  autoRun: boolean;
  /** Quiet time after the last edit before an auto-run, in ms. */
  autoRunDelayMs: number;
  /** ESM CDN that serves bare imports other than React; configurable for offline mirrors. */
  cdnBase: string;
  /** Keep a hidden preview replayed to the tick before the current one, so Step back is instant. */
  replayStandby: boolean;
  /** History limits of a run: ticks kept, and an estimate of memory (console output, records). */
  historyMaxTicks: number;
  historyMaxMB: number;
}

export const DEFAULT_SETTINGS: Settings = {
  autoRun: true,
  autoRunDelayMs: 300,
  cdnBase: 'https://esm.sh/',
  replayStandby: true,
  historyMaxTicks: 200_000,
  historyMaxMB: 64,
};

const KEY = 'playpen:settings';

export interface SettingsStore {
  getState(): Settings;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<Settings>): void;
}

/** Storage is injected so tests (and private modes where it throws) are handled. */
export function createSettingsStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): SettingsStore {
  let state = { ...DEFAULT_SETTINGS, ...read(storage) };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      state = { ...state, ...patch };
      try {
        storage?.setItem(KEY, JSON.stringify(state));
      } catch {
        // Storage full or disabled: the setting still applies for this session.
      }
      for (const listener of listeners) listener();
    },
  };
}

function read(storage: Pick<Storage, 'getItem'> | null): Partial<Settings> {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const v = value as Record<string, unknown>;
    const out: Partial<Settings> = {};
    if (typeof v.autoRun === 'boolean') out.autoRun = v.autoRun;
    if (typeof v.autoRunDelayMs === 'number' && v.autoRunDelayMs >= 0 && v.autoRunDelayMs <= 10_000)
      out.autoRunDelayMs = v.autoRunDelayMs;
    if (typeof v.cdnBase === 'string' && /^https?:\/\//.test(v.cdnBase))
      out.cdnBase = v.cdnBase.endsWith('/') ? v.cdnBase : v.cdnBase + '/';
    return out;
  } catch {
    return {};
  }
}
