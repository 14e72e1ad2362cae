import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  createSettingsStore,
  parseCdnBase,
} from '../../../src/settings/settings-store';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('settings store', () => {
  it('persists every field and reads it back', () => {
    const storage = memory();
    const store = createSettingsStore(storage);
    const patch = {
      theme: 'dark' as const,
      fontSize: 18,
      tabSize: 4,
      wordWrap: true,
      minimap: true,
      keyBindings: 'vim' as const,
      formatOnSave: true,
      autoRun: false,
      autoRunDelayMs: 1200,
      runSpeed: 0.5,
      cdnBase: 'https://cdn.example.com/esm',
      typesBase: 'http://mirror.local/npm',
      loopBudgetMs: 0,
      replayStandby: false,
      replayCheckpoints: 2,
      keepPlaceOnEdit: false,
      historyMaxTicks: 5_000,
      historyMaxMB: 16,
    };
    expect(store.update(patch)).toEqual({});
    const again = createSettingsStore(storage).getState();
    expect(again).toEqual({
      ...patch,
      cdnBase: 'https://cdn.example.com/esm/',
      typesBase: 'http://mirror.local/npm/',
    });
  });

  it('refuses invalid values with a message and keeps the old value', () => {
    const store = createSettingsStore(memory());
    const errors = store.update({
      fontSize: 400,
      tabSize: 0,
      autoRunDelayMs: -5,
      runSpeed: 3,
      cdnBase: 'ftp://mirror/',
      typesBase: 'jsdelivr',
      theme: 'neon' as never,
      wordWrap: 'yes' as never,
      keyBindings: 'nano' as never,
      formatOnSave: 1 as never,
      minimap: true,
    });
    expect(errors.fontSize).toBe('Font size must be between 8 and 40.');
    expect(errors.tabSize).toBe('Tab size must be between 1 and 8.');
    expect(errors.autoRunDelayMs).toMatch(/between 0 and 10000/);
    expect(errors.runSpeed).toMatch(/one of 0.25, 0.5, 1, 2, 4/);
    expect(errors.cdnBase).toBe('The CDN URL must start with http:// or https://.');
    expect(errors.typesBase).toBe('Enter a full URL, such as https://esm.sh/.');
    expect(errors.theme).toBe('Choose System, Light or Dark.');
    expect(errors.wordWrap).toBeDefined();
    expect(errors.keyBindings).toBe('Choose Default, Vim or Emacs.');
    expect(errors.formatOnSave).toBe('Expected on or off.');
    expect(store.getState()).toEqual({ ...DEFAULT_SETTINGS, minimap: true });
  });

  it("starts with Monaco's own keys and without format-on-save", () => {
    const state = createSettingsStore(memory()).getState();
    expect(state.keyBindings).toBe('default');
    expect(state.formatOnSave).toBe(false);
  });

  it('ignores tampered or broken stored values field by field', () => {
    const storage = memory();
    storage.setItem(
      'playpen:settings',
      JSON.stringify({ fontSize: 'huge', theme: 'light', cdnBase: 'javascript:alert(1)' }),
    );
    expect(createSettingsStore(storage).getState()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
    });
    storage.setItem('playpen:settings', '{not json');
    expect(createSettingsStore(storage).getState()).toEqual(DEFAULT_SETTINGS);
  });

  it('still applies settings when storage throws (private mode, full)', () => {
    const store = createSettingsStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    store.update({ theme: 'dark' });
    expect(store.getState().theme).toBe('dark');
  });

  it('validates the CDN base URL', () => {
    expect(parseCdnBase('esm.sh')).toEqual({
      ok: false,
      error: 'Enter a full URL, such as https://esm.sh/.',
    });
    expect(parseCdnBase(' http://localhost:8080/npm ')).toEqual({
      ok: true,
      value: 'http://localhost:8080/npm/',
    });
  });
});
