import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import {
  editorFirstPaint,
  openLanguageWorkersAfterFirstRun,
  type PageVisibility,
} from '../../../src/app/first-run-gates';
import { languageWorkersAllowed } from '../../../src/editor/language-workers';
import type { RunController, RunState } from '../../../src/run/controller';

const opened = () =>
  Promise.race([
    languageWorkersAllowed.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 0)),
  ]);

describe('language workers wait for the editor too', () => {
  it('stay closed after a first run that settled before the editor showed, and open with it', async () => {
    const store = createStore<Pick<RunState, 'status'>>(() => ({ status: 'idle' }));
    let shown!: () => void;
    const editorShown = new Promise<void>((resolve) => (shown = resolve));
    openLanguageWorkersAfterFirstRun(store as unknown as RunController, editorShown);
    store.setState({ status: 'running' });
    expect(await opened()).toBe(false);
    shown();
    expect(await opened()).toBe(true);
  });
});

describe('editorFirst', () => {
  /** A page whose visibility the test sets, with the listeners the gate adds. */
  const page = (state: DocumentVisibilityState) => {
    const listeners = new Set<() => void>();
    return {
      visibilityState: state,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      hide() {
        this.visibilityState = 'hidden';
        listeners.forEach((l) => l());
      },
      listeners,
    };
  };
  const resolved = (p: Promise<void>) =>
    Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 0))]);

  it('waits for the editor in a tab on screen, however long it takes, up to the last resort', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const visible = page('visible');
    const gate = editorFirstPaint(visible as unknown as PageVisibility, (fn, ms) =>
      timers.push({ fn, ms }),
    );
    expect(await resolved(gate.editorFirst)).toBe(false);
    expect(timers.map((t) => t.ms)).toEqual([30_000]);
    gate.editorShown();
    expect(await resolved(gate.editorFirst)).toBe(true);
    expect(visible.listeners.size).toBe(0);
  });

  it('lets everything start in a tab that is or goes into the background (nothing paints there)', async () => {
    const never = () => {};
    const hidden = editorFirstPaint(page('hidden') as unknown as PageVisibility, never);
    expect(await resolved(hidden.editorFirst)).toBe(true);
    const visible = page('visible');
    const later = editorFirstPaint(visible as unknown as PageVisibility, never);
    expect(await resolved(later.editorFirst)).toBe(false);
    visible.hide();
    expect(await resolved(later.editorFirst)).toBe(true);
  });
});
