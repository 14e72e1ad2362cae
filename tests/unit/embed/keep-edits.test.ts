import { describe, expect, it } from 'vitest';
import { keepEdits, KEEP_DELAY_MS, restoreEdits } from '../../../src/embed/keep-edits';
import { createProjectStore } from '../../../src/project/model/store';
import type { EmbedEdits, EmbedEditsStore } from '../../../src/project/storage/embed-edits';
import type { Project } from '../../../src/protocol';
import { fakeClock } from '../fake-clock';

const initial: Project = {
  name: 'Lesson',
  entry: 'main.ts',
  files: { 'main.ts': { kind: 'text', text: 'console.log(1)' } },
};

function memoryStore(failing = false) {
  const records = new Map<string, EmbedEdits>();
  const store: EmbedEditsStore = {
    load: (key) => Promise.resolve(records.get(key)),
    save: (edits) =>
      failing
        ? Promise.reject(new Error('quota'))
        : (records.set(edits.key, edits), Promise.resolve()),
    forget: (key) => (records.delete(key), Promise.resolve()),
  };
  return { store, records };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('kept edits', () => {
  it('are written once edits pause, restored next time, and forgotten after a reset', async () => {
    const { store, records } = memoryStore();
    const { clock, advance } = fakeClock();
    const project = createProjectStore(initial);
    keepEdits({ store, key: 'k', project, initial, clock, onError: () => {} });
    project.setText('main.ts', 'console.log(2)');
    project.setText('main.ts', 'console.log(3)');
    advance(KEEP_DELAY_MS - 1);
    await flush();
    expect(records.size).toBe(0);
    advance(1);
    await flush();
    expect(records.get('k')).toMatchObject({
      files: { 'main.ts': 'console.log(3)' },
      entry: 'main.ts',
    });

    const next = await restoreEdits(store, 'k', initial);
    expect(next.files['main.ts']).toEqual({ kind: 'text', text: 'console.log(3)' });
    expect(await restoreEdits(store, 'other', initial)).toBe(initial);

    project.replace(initial);
    advance(KEEP_DELAY_MS);
    await flush();
    expect(records.has('k')).toBe(false);
  });

  it('write what is pending at once when the page goes, and say when storage refuses', async () => {
    const { store } = memoryStore(true);
    const { clock } = fakeClock();
    const project = createProjectStore(initial);
    const errors: unknown[] = [];
    const kept = keepEdits({
      store,
      key: 'k',
      project,
      initial,
      clock,
      onError: (e) => errors.push(e),
    });
    project.setText('main.ts', 'x');
    await kept.flush();
    expect(errors).toHaveLength(1);
  });

  it('start from the host’s files when the kept ones no longer make a project', async () => {
    const { store, records } = memoryStore();
    records.set('k', { key: 'k', files: { 'a.ts': '', 'b.ts': '' }, entry: 'gone.ts', savedAt: 0 });
    expect(await restoreEdits(store, 'k', initial)).toBe(initial);
  });
});
