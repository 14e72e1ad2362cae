import { describe, expect, it } from 'vitest';
import type { ProjectBackend } from '../../../../src/project/storage/types';
import { settle, setup } from './helpers';

// A save costs what changed, not the project: after the first whole write, an edit writes the
// record's metadata and the edited files only (issue 10: the pre-run save is on the run's path).

describe('a save writes what changed', () => {
  it('after a one-file edit, the save writes that one file', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'first\n');
    await autosave.flush();
    expect(backend.writes.map((w) => w.kind)).toEqual(['put']);
    store.setText('src/util.ts', 'export const x = 2;\n');
    await autosave.flush();
    expect(backend.writes.at(-1)).toEqual({
      kind: 'patch',
      id: autosave.currentId(),
      paths: ['src/util.ts'],
      removed: [],
    });
    const saved = backend.records.get(autosave.currentId()!)!;
    expect(saved.files).toEqual(store.getState().project.files);
  });

  it('a rename writes the file under its new path and removes the old one', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'first\n');
    await autosave.flush();
    store.rename('src/util.ts', 'lib/util.ts');
    await autosave.flush();
    expect(backend.writes.at(-1)).toMatchObject({
      kind: 'patch',
      paths: ['lib/util.ts'],
      removed: ['src/util.ts'],
    });
    expect(Object.keys(backend.records.get(autosave.currentId()!)!.files).sort()).toEqual([
      'lib/util.ts',
      'logo.png',
      'src/main.ts',
    ]);
  });

  it('a project opened from storage saves its first edit as a one-file patch', async () => {
    const first = setup();
    first.store.setText('src/main.ts', 'saved\n');
    await first.autosave.flush();
    const id = first.autosave.currentId()!;
    const record = (await first.backend.get(id))!;
    first.autosave.load(record);
    first.store.setText('src/main.ts', 'edited after opening\n');
    await first.autosave.flush();
    expect(first.backend.writes.at(-1)).toMatchObject({ kind: 'patch', paths: ['src/main.ts'] });
  });

  it('after a failed write, the next save writes the whole record, so nothing is left out', async () => {
    const env = setup();
    env.autosave.dispose();
    // Counts down over every write call: the patch and the whole-record retry both fail.
    let failures = 0;
    const hiccup = () => failures > 0 && failures-- > 0;
    const flaky: ProjectBackend = {
      ...env.backend,
      patch: (change) =>
        hiccup() ? Promise.reject(new Error('disk hiccup')) : env.backend.patch(change),
      put: (record) =>
        hiccup() ? Promise.reject(new Error('disk hiccup')) : env.backend.put(record),
    };
    const autosave = env.make({ backend: flaky });
    env.store.setText('src/main.ts', 'one\n');
    await autosave.flush();
    failures = 2;
    env.store.setText('src/util.ts', 'export const x = 3;\n');
    await autosave.flush();
    await settle();
    expect(env.errors.at(-1)).toMatch(/disk hiccup/);
    env.store.setText('src/main.ts', 'two\n');
    await autosave.flush();
    expect(env.backend.writes.at(-1)?.kind).toBe('put');
    expect(env.backend.records.get(autosave.currentId()!)!.files).toEqual(
      env.store.getState().project.files,
    );
  });

  it('a record deleted meanwhile (another tab) is written whole again', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'one\n');
    await autosave.flush();
    await backend.delete(autosave.currentId()!);
    store.setText('src/main.ts', 'two\n');
    await autosave.flush();
    expect(backend.records.get(autosave.currentId()!)!.files).toEqual(
      store.getState().project.files,
    );
  });

  it('after another tab held the project, the next save writes it whole', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'one\n');
    await autosave.flush();
    autosave.setSuspended(true);
    autosave.setSuspended(false);
    store.setText('src/main.ts', 'two\n');
    await autosave.flush();
    expect(backend.writes.at(-1)?.kind).toBe('put');
  });
});
