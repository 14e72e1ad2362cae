import { describe, expect, it } from 'vitest';
import { createProjectStore } from '../../../../src/project/model/store';
import { LAST_PROJECT_KEY } from '../../../../src/project/storage/write-ahead';
import { memoryLocal, sample, settle, setup } from './helpers';

describe('autosave', () => {
  it('saves once after the quiet time, not on every keystroke, binary bytes included', async () => {
    const { store, backend, time, autosave } = setup();
    store.setText('src/main.ts', 'a');
    time.advance(300);
    store.setText('src/main.ts', 'ab');
    time.advance(499);
    await settle();
    expect(backend.records.size).toBe(0);
    time.advance(1);
    await settle();
    expect(backend.records.size).toBe(1);
    const [record] = [...backend.records.values()];
    expect(record!.id).toBe(autosave.currentId());
    expect(record!.files['src/main.ts']).toEqual({ kind: 'text', text: 'ab' });
    const logo = record!.files['logo.png'];
    expect(logo?.kind === 'binary' && [...logo.bytes]).toEqual([137, 80, 78, 71, 0, 255]);
  });

  it('flush() writes at once and cancels the pending save', async () => {
    const { store, backend, time, autosave } = setup();
    store.setText('src/main.ts', 'now');
    await autosave.flush();
    expect(backend.records.size).toBe(1);
    expect(time.pending()).toBe(0);
  });

  it('restores the last project with its open files and active file after a reload', async () => {
    const first = setup();
    first.store.setText('src/util.ts', 'export const x = 2;\n');
    first.store.setActive('src/util.ts');
    first.store.setActive('logo.png');
    first.store.setActive('src/util.ts');
    await first.autosave.flush();

    const store = createProjectStore(sample('Default'));
    const second = first.make({ store });
    await second.start();
    const state = store.getState();
    expect(second.currentId()).toBe(first.autosave.currentId());
    expect(state.project.name).toBe('Sample');
    expect(state.project.files['src/util.ts']).toEqual({
      kind: 'text',
      text: 'export const x = 2;\n',
    });
    expect(state.openPaths).toEqual(['src/main.ts', 'src/util.ts', 'logo.png']);
    expect(state.activePath).toBe('src/util.ts');
    // Re-opening tabs is not an edit: nothing is written.
    expect(first.time.pending()).toBe(0);
  });

  it('saves the logpoints with the project and restores them after a reload', async () => {
    const first = setup();
    first.store.setText('src/util.ts', 'export const x = 2;\n');
    first.store.setLogpoints([{ id: 'lp-1', path: 'src/util.ts', line: 1, expression: 'x' }]);
    await first.autosave.flush();
    // A logpoint moved by an edit elsewhere is a change worth a save of its own.
    first.store.setLogpoints([{ id: 'lp-1', path: 'src/util.ts', line: 2, expression: 'x' }]);
    await first.autosave.flush();

    const store = createProjectStore(sample('Default'));
    const second = first.make({ store });
    await second.start();
    expect(store.getState().logpoints).toEqual([
      { id: 'lp-1', path: 'src/util.ts', line: 2, expression: 'x' },
    ]);
  });

  it('opening the editor on files of an unsaved project does not create a record', async () => {
    const { store, backend, time } = setup();
    store.setActive('src/util.ts');
    time.advance(1000);
    await settle();
    expect(backend.records.size).toBe(0);
  });

  it('a permalink-opened page restores nothing, overwrites nothing, and saves the first edit as a new project', async () => {
    const first = setup();
    first.store.setText('src/main.ts', 'saved work');
    await first.autosave.flush();
    const savedId = first.autosave.currentId()!;

    const linkStore = createProjectStore(sample('From a link'));
    const linked = first.make({ store: linkStore, openedFromLink: true });
    await linked.start();
    expect(linkStore.getState().project.name).toBe('From a link');
    expect(linked.currentId()).toBeNull();
    first.time.advance(1000);
    await settle();
    expect(first.backend.records.size).toBe(1);

    linkStore.setText('src/main.ts', 'edited link');
    await linked.flush();
    expect(linked.currentId()).not.toBe(savedId);
    expect(first.backend.records.size).toBe(2);
    expect(first.backend.records.get(savedId)!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'saved work',
    });
  });

  it("a reload reopens this tab's project even when another tab opened another since", async () => {
    const { store, local, autosave, make } = setup();
    const tab = memoryLocal();
    const mine = make({ tab });
    store.setText('src/main.ts', 'this tab');
    await mine.flush();
    const mineId = mine.currentId()!;
    autosave.dispose();
    // Another tab saves a project of its own: the shared pointer moves to it.
    local.setItem(LAST_PROJECT_KEY, 'someone-else');
    const reloadedStore = createProjectStore(sample('Fresh'));
    const reloaded = make({ store: reloadedStore, tab });
    await reloaded.start();
    expect(reloaded.currentId()).toBe(mineId);
    expect(reloadedStore.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'this tab',
    });
  });

  it('a project loaded by someone else (replace) is not saved over the open record', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'mine');
    await autosave.flush();
    const mine = autosave.currentId()!;
    store.replace(sample('Imported'));
    expect(autosave.currentId()).toBeNull();
    store.setText('src/main.ts', 'imported, edited');
    await autosave.flush();
    expect(autosave.currentId()).not.toBe(mine);
    expect(backend.records.get(mine)!.name).toBe('Sample');
    expect(backend.records.get(autosave.currentId()!)!.name).toBe('Imported');
  });

  it('keeps every character through the write-ahead copy when the IndexedDB write never lands', async () => {
    const first = setup();
    first.store.setText('src/main.ts', 'v1');
    await first.autosave.flush();
    // The page dies with the IndexedDB write in flight: it never completes.
    first.backend.put = () => new Promise(() => {});
    first.backend.patch = () => new Promise(() => {});
    first.store.setText('src/main.ts', 'v1 and then more typing');
    first.store.setActive('src/util.ts');
    first.autosave.flushOnHide();

    const store = createProjectStore(sample('Default'));
    const backend = {
      ...first.backend,
      put: (r: Parameters<typeof first.backend.put>[0]) => {
        first.backend.records.set(r.id, r);
        return Promise.resolve();
      },
    };
    const second = first.make({ store, backend });
    await second.start();
    expect(store.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'v1 and then more typing',
    });
    // Binary files come from the saved record; the copy was saved back and then cleared.
    expect(store.getState().project.files['logo.png']?.kind).toBe('binary');
    expect(store.getState().activePath).toBe('src/util.ts');
    expect(first.backend.records.get(second.currentId()!)!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'v1 and then more typing',
    });
    expect([...first.local.map.keys()].some((k) => k.startsWith('playpen:wal:'))).toBe(false);
  });

  it('a file named __proto__ comes back through the write-ahead copy', async () => {
    const first = setup();
    await first.autosave.flush();
    first.store.setText('src/main.ts', 'v1');
    await first.autosave.flush();
    const { put, patch } = first.backend;
    first.backend.put = () => new Promise(() => {});
    first.backend.patch = () => new Promise(() => {});
    expect(first.store.createFile('__proto__', { kind: 'text', text: 'odd name' })).toEqual({
      ok: true,
    });
    first.autosave.flushOnHide();
    // The reloaded page's storage answers again.
    Object.assign(first.backend, { put, patch });

    const store = createProjectStore(sample('Default'));
    await first.make({ store }).start();
    const files = store.getState().project.files;
    expect(Object.keys(files)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(files, '__proto__')?.value).toEqual({
      kind: 'text',
      text: 'odd name',
    });
  });

  it('ignores a write-ahead copy older than the saved record', async () => {
    const first = setup();
    first.store.setText('src/main.ts', 'old');
    first.autosave.flushOnHide();
    await settle();
    const id = first.autosave.currentId()!;
    // An old copy left behind (say the clear failed), then a newer save from another session.
    first.local.setItem(
      `playpen:wal:${id}`,
      JSON.stringify({
        record: {
          id,
          name: 'Sample',
          entry: 'src/main.ts',
          openPaths: [],
          activePath: null,
          updatedAt: 1,
        },
        texts: { 'src/main.ts': 'stale' },
        binaries: [],
      }),
    );
    const store = createProjectStore(sample('Default'));
    await first.make({ store }).start();
    expect(store.getState().project.files['src/main.ts']).toEqual({ kind: 'text', text: 'old' });
  });

  it('reports a full disk clearly, keeps the project in memory, and saves it once storage works again', async () => {
    const { store, backend, autosave, errors } = setup();
    const put = backend.put;
    backend.put = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    store.setText('src/main.ts', 'precious');
    await autosave.flush();
    expect(errors.at(-1)).toMatch(/storage for this site is full/);
    expect(store.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'precious',
    });
    backend.put = put;
    await autosave.flush();
    expect(errors.at(-1)).toBeNull();
    expect(backend.records.get(autosave.currentId()!)!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'precious',
    });
  });

  it('a missing IndexedDB on restore is reported and the default project stays', async () => {
    const { store, local, make, errors } = setup();
    local.setItem(LAST_PROJECT_KEY, 'id-x');
    const broken = make({
      backend: {
        get: () => Promise.reject(new Error('IndexedDB is not available')),
        put: () => Promise.reject(new Error('IndexedDB is not available')),
        patch: () => Promise.reject(new Error('IndexedDB is not available')),
        delete: () => Promise.reject(new Error('IndexedDB is not available')),
        list: () => Promise.reject(new Error('IndexedDB is not available')),
      },
    });
    await broken.start();
    expect(errors.at(-1)).toMatch(/can’t be saved in this browser \(IndexedDB is not available\)/);
    expect(store.getState().project.name).toBe('Sample');
  });

  it('writes nothing while suspended (another tab owns the project), and catches up on resume', async () => {
    const { store, backend, time, autosave } = setup();
    autosave.setSuspended(true);
    store.setText('src/main.ts', 'while suspended');
    time.advance(1000);
    autosave.flushOnHide();
    await autosave.flush();
    expect(backend.records.size).toBe(0);
    autosave.setSuspended(false);
    time.advance(500);
    await settle();
    expect(backend.records.size).toBe(1);
  });

  it('create() saves the new project as a new record and keeps the old one', async () => {
    const { store, backend, autosave } = setup();
    store.setText('src/main.ts', 'first');
    const firstId = (await autosave.flush(), autosave.currentId()!);
    const id = await autosave.create(sample('Second'));
    expect(id).not.toBe(firstId);
    expect(store.getState().project.name).toBe('Second');
    expect([...backend.records.values()].map((r) => r.name).sort()).toEqual(['Sample', 'Second']);
  });

  it('a restore that answers after the app gave up waiting does not swap the project', async () => {
    const first = setup();
    first.store.setText('src/main.ts', 'saved');
    await first.autosave.flush();
    const store = createProjectStore(sample('Default'));
    await first.make({ store }).start(() => true);
    expect(store.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'console.log(1)\n',
    });
  });
});
