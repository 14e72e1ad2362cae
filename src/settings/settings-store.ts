import { createStore } from 'zustand/vanilla';
import { KEY_BINDINGS, type KeyBindings } from '../editor/keybindings';
import CDN_DEFAULTS from '../../playpen.config.json';

/** User preferences that outlive a reload, edited in the Settings dialog and applied at once. */
export interface Settings {
  /** Rebuild and restart shortly after each edit. */
  autoRun: boolean;
  /** Quiet time after the last edit before an auto-run, in ms. */
  autoRunDelayMs: number;
  /** ESM CDN that serves bare imports other than React; configurable for offline mirrors. */
  cdnBase: string;
  /** Where the editor fetches npm packages' type declarations (raw files, like jsDelivr's /npm/). */
  typesBase: string;
  /** Real time a tick's loops may run before "Possible infinite loop" is thrown, in ms; 0 = off. */
  loopBudgetMs: number;
  /** Colour scheme of the app and the editor; 'system' follows the OS. */
  theme: ThemeSetting;
  /** Editor font size in pixels. */
  fontSize: number;
  /** Spaces per indent in the editor. */
  tabSize: number;
  /** Wrap long lines in the editor. */
  wordWrap: boolean;
  /** Show the editor's minimap. */
  minimap: boolean;
  /** The editor's keys: Monaco's own, Vim or Emacs. */
  keyBindings: KeyBindings;
  /** Ctrl/Cmd+S formats the open file with Prettier before saving. */
  formatOnSave: boolean;
  /** Default speed of virtual time in a run (read by the run loop). */
  runSpeed: number;
  /** Keep hidden previews parked at ticks before the current one, so Step back is instant. */
  replayStandby: boolean;
  /** How many parked previews (checkpoints at spaced ticks); each holds a copy of the page. */
  replayCheckpoints: number;
  /**
   * An edit (or Run) while the run is paused lands the new code at the same moment (a hot swap,
   * docs/architecture.md "Edit the past"); off, it starts a fresh run from tick 0.
   */
  keepPlaceOnEdit: boolean;
  /** History limits of a run: ticks kept, and an estimate of memory (console output, records). */
  historyMaxTicks: number;
  historyMaxMB: number;
}

export type ThemeSetting = 'system' | 'light' | 'dark';
export const THEMES: readonly ThemeSetting[] = ['system', 'light', 'dark'];
export const RUN_SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4];

export const DEFAULT_SETTINGS: Settings = {
  autoRun: true,
  autoRunDelayMs: 300,
  // Where packages and their types come from by default: configuration, not code.
  cdnBase: CDN_DEFAULTS.cdnBase,
  typesBase: CDN_DEFAULTS.typesBase,
  loopBudgetMs: 1000,
  theme: 'system',
  fontSize: 14,
  tabSize: 2,
  wordWrap: false,
  minimap: false,
  keyBindings: 'default',
  formatOnSave: false,
  runSpeed: 1,
  replayStandby: true,
  replayCheckpoints: 4,
  keepPlaceOnEdit: true,
  historyMaxTicks: 200_000,
  historyMaxMB: 64,
};

export const LIMITS = {
  fontSize: { min: 8, max: 40 },
  tabSize: { min: 1, max: 8 },
  autoRunDelayMs: { min: 0, max: 10_000 },
  loopBudgetMs: { min: 0, max: 600_000 },
  replayCheckpoints: { min: 1, max: 8 },
  historyMaxTicks: { min: 1_000, max: 10_000_000 },
  historyMaxMB: { min: 8, max: 2_048 },
} as const;

const KEY = 'playpen:settings';

export type SettingsErrors = Partial<Record<keyof Settings, string>>;

export interface SettingsStore {
  getState(): Settings;
  subscribe(listener: () => void): () => void;
  /** Applies and saves the valid fields; invalid ones are left as they were and explained. */
  update(patch: Partial<Settings>): SettingsErrors;
}

/** Storage is injected so tests (and private modes where it throws) are handled. */
export function createSettingsStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): SettingsStore {
  const { getState, setState, subscribe } = createStore<Settings>()(() => ({
    ...DEFAULT_SETTINGS,
    ...read(storage),
  }));
  return {
    getState,
    subscribe,
    update(patch) {
      const { valid, errors } = validateSettings(patch);
      if (Object.keys(valid).length === 0) return errors;
      const next = { ...getState(), ...valid };
      try {
        storage?.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the setting still applies for this session.
      }
      setState(next, true);
      return errors;
    },
  };
}

/** A CDN base as stored (with a trailing slash), or an error sentence. */
export function parseCdnBase(
  text: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: `Enter a full URL, such as ${CDN_DEFAULTS.cdnBase}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, error: 'The CDN URL must start with http:// or https://.' };
  return { ok: true, value: url.href.endsWith('/') ? url.href : url.href + '/' };
}

const inRange = (value: unknown, { min, max }: { min: number; max: number }) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** Splits a patch into the fields that may be applied and a message for each that may not. */
export function validateSettings(patch: Record<string, unknown>): {
  valid: Partial<Settings>;
  errors: SettingsErrors;
} {
  const valid: Partial<Settings> = {};
  const errors: SettingsErrors = {};
  const bool = (
    k: 'autoRun' | 'wordWrap' | 'minimap' | 'replayStandby' | 'formatOnSave' | 'keepPlaceOnEdit',
  ) => {
    if (!(k in patch)) return;
    if (typeof patch[k] === 'boolean') valid[k] = patch[k];
    else errors[k] = 'Expected on or off.';
  };
  const num = (k: keyof typeof LIMITS, label: string) => {
    if (!(k in patch)) return;
    const limit = LIMITS[k];
    if (inRange(patch[k], limit)) valid[k] = Math.round(patch[k] as number);
    else errors[k] = `${label} must be between ${limit.min} and ${limit.max}.`;
  };
  bool('autoRun');
  bool('wordWrap');
  bool('minimap');
  bool('replayStandby');
  bool('formatOnSave');
  bool('keepPlaceOnEdit');
  num('fontSize', 'Font size');
  num('tabSize', 'Tab size');
  num('autoRunDelayMs', 'Auto-run delay');
  num('loopBudgetMs', 'Loop time limit');
  num('historyMaxTicks', 'History length');
  num('historyMaxMB', 'History memory');
  num('replayCheckpoints', 'Step-back checkpoints');
  if ('theme' in patch) {
    if (THEMES.includes(patch.theme as ThemeSetting)) valid.theme = patch.theme as ThemeSetting;
    else errors.theme = 'Choose System, Light or Dark.';
  }
  if ('keyBindings' in patch) {
    if (KEY_BINDINGS.includes(patch.keyBindings as KeyBindings))
      valid.keyBindings = patch.keyBindings as KeyBindings;
    else errors.keyBindings = 'Choose Default, Vim or Emacs.';
  }
  if ('runSpeed' in patch) {
    if (RUN_SPEEDS.includes(patch.runSpeed as number)) valid.runSpeed = patch.runSpeed as number;
    else errors.runSpeed = `Run speed must be one of ${RUN_SPEEDS.join(', ')}.`;
  }
  for (const key of ['cdnBase', 'typesBase'] as const) {
    if (!(key in patch)) continue;
    const value = patch[key];
    const parsed =
      typeof value === 'string'
        ? parseCdnBase(value)
        : { ok: false as const, error: 'Enter a URL.' };
    if (parsed.ok) valid[key] = parsed.value;
    else errors[key] = parsed.error;
  }
  return { valid, errors };
}

function read(storage: Pick<Storage, 'getItem'> | null): Partial<Settings> {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    // Stored values pass the same checks as typed ones: a bad field falls back to its default.
    return validateSettings(value as Record<string, unknown>).valid;
  } catch {
    return {};
  }
}
