import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { openLanguageWorkersAfterFirstRun } from '../../../src/app/first-run-gates';
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
