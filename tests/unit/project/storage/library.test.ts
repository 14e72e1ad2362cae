import { describe, expect, it } from 'vitest';
import { createLibrary } from '../../../../src/project/storage/library';
import { manualTime, sample, setup } from './helpers';

async function withLibrary() {
  const s = setup();
  const time = manualTime(50_000);
  let n = 0;
  const library = createLibrary({
    backend: s.backend,
    autosave: s.autosave,
    undoMs: 10_000,
    now: time.now,
    newId: () => `copy-${++n}`,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
  });
  s.store.setText('src/main.ts', 'one');
  await s.autosave.flush();
  const id = s.autosave.currentId()!;
  await library.refresh();
  return { ...s, library, libTime: time, id };
}

describe('project library', () => {
  it('lists saved projects, newest first', async () => {
    const { library, id, time } = await withLibrary();
    time.advance(60_000);
    await library.create(sample('Newer'));
    const names = library.getState().projects.map((p) => p.name);
    expect(names).toEqual(['Newer', 'Sample']);
    expect(library.getState().projects[1]!.id).toBe(id);
  });

  it('opens another project, saving the open one first', async () => {
    const { library, store, id } = await withLibrary();
    await library.create(sample('Other'));
    store.setText('src/main.ts', 'unsaved in Other');
    await library.open(id);
    expect(store.getState().project.name).toBe('Sample');
    const other = library.getState().projects.find((p) => p.name === 'Other')!;
    await library.open(other.id);
    expect(store.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'unsaved in Other',
    });
  });

  it('a new project (New project, Open link) saves the open one’s pending edit first, as its own record', async () => {
    const { library, store, backend, id, time, autosave } = await withLibrary();
    store.setText('src/main.ts', 'typed just before');
    expect(time.pending()).toBe(1);
    await library.create(sample('From a link'));
    expect(backend.records.get(id)!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'typed just before',
    });
    expect(store.getState().project.name).toBe('From a link');
    expect(autosave.currentId()).not.toBe(id);
    expect(backend.records.get(autosave.currentId()!)!.name).toBe('From a link');
    expect(
      library
        .getState()
        .projects.map((p) => p.name)
        .sort(),
    ).toEqual(['From a link', 'Sample']);
  });

  it('renames the open project through the store and another one in storage', async () => {
    const { library, store, backend, id } = await withLibrary();
    expect(await library.rename(id, '   ')).toBe('Enter a project name.');
    expect(await library.rename(id, ' Renamed ')).toBeNull();
    expect(store.getState().project.name).toBe('Renamed');
    expect(backend.records.get(id)!.name).toBe('Renamed');
    await library.create(sample('B'));
    await library.rename(id, 'Not open');
    expect(backend.records.get(id)!.name).toBe('Not open');
    expect(store.getState().project.name).toBe('B');
  });

  it('refuses to rename the open project while another tab edits it (the name would not be saved)', async () => {
    const { library, store, autosave, backend, id } = await withLibrary();
    autosave.setSuspended(true);
    library.setConflict('open-elsewhere');
    expect(await library.rename(id, 'Lost')).toMatch(/edited in another tab/);
    expect(store.getState().project.name).toBe('Sample');
    expect(backend.records.get(id)!.name).toBe('Sample');
  });

  it('duplicates a project as a new record with the same files', async () => {
    const { library, backend, id } = await withLibrary();
    await library.duplicate(id);
    const copy = backend.records.get('copy-1')!;
    expect(copy.name).toBe('Sample (copy)');
    expect(copy.files).toEqual(backend.records.get(id)!.files);
    expect(library.getState().projects).toHaveLength(2);
  });

  it('deletes with Undo, which restores the record; the offer ends after the undo time', async () => {
    const { library, backend, id, libTime } = await withLibrary();
    await library.create(sample('Other'));
    const before = structuredClone(backend.records.get(id));
    await library.remove(id);
    expect(backend.records.has(id)).toBe(false);
    expect(library.getState().deleted?.name).toBe('Sample');
    await library.undoRemove();
    expect(backend.records.get(id)).toEqual(before);
    expect(library.getState().deleted).toBeNull();
    expect(library.getState().projects.map((p) => p.id)).toContain(id);

    await library.remove(id);
    libTime.advance(10_000);
    expect(library.getState().deleted).toBeNull();
    await library.undoRemove();
    expect(backend.records.has(id)).toBe(false);
  });

  it('deleting the open project detaches it; Undo re-attaches it when it was not edited since', async () => {
    const { library, store, autosave, backend, id } = await withLibrary();
    await library.remove(id);
    expect(autosave.currentId()).toBeNull();
    await library.undoRemove();
    expect(autosave.currentId()).toBe(id);
    store.setText('src/main.ts', 'after undo');
    await autosave.flush();
    expect(backend.records.get(id)!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'after undo',
    });
  });

  it('shows a storage failure instead of throwing', async () => {
    const { library, backend, id } = await withLibrary();
    backend.get = () => Promise.reject(new Error('IndexedDB is not available'));
    await library.duplicate(id);
    expect(library.getState().error).toMatch(/IndexedDB is not available/);
  });
});
