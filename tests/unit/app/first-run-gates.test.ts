import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { openLanguageWorkersAfterFirstRun } from '../../../src/app/first-run-gates';
import { languageWorkersAllowed } from '../../../src/editor/language-workers';
import type { RunController, RunState } from '../../../src/run/controller';

const settled = () =>
  Promise.race([languageWorkersAllowed.then(() => true), Promise.resolve().then(() => false)]);

describe('language workers wait for the first run', () => {
  it('stay closed while the first run builds and starts, and open once it runs', async () => {
    const store = createStore<Pick<RunState, 'status'>>(() => ({ status: 'idle' }));
    openLanguageWorkersAfterFirstRun(store as unknown as RunController);
    store.setState({ status: 'building' });
    store.setState({ status: 'starting' });
    expect(await settled()).toBe(false);
    store.setState({ status: 'running' });
    expect(await settled()).toBe(true);
  });
});
