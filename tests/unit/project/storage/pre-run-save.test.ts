import { describe, expect, it } from 'vitest';
import { createRunController } from '../../../../src/run/controller';
import type { ProjectBackend } from '../../../../src/project/storage/types';
import type { Program } from '../../../../src/protocol';
import { settle, setup } from './helpers';

// The project is saved before every run (session.ts wires beforeRun to autosave.flush). A
// storage that never answers (IndexedDB open blocked or hung) must not hold the run forever.

const program: Program = { entry: 'src/main.ts', modules: {}, vendor: [], cdn: [] };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function wire(backend?: ProjectBackend) {
  const env = setup();
  // Only the autosave under test watches the store.
  env.autosave.dispose();
  const autosave = env.make({ backend: backend ?? env.backend });
  const started: Program[] = [];
  const controller = createRunController({
    build: () => Promise.resolve({ id: 1, program, diagnostics: [], ms: 1 }),
    getProject: () => env.store.getState().project,
    getCdnBase: () => 'https://cdn.test/',
    startPreview: (p) => started.push(p),
    stopPreview: () => {},
    beforeRun: () => autosave.flush(3000),
  });
  return { ...env, autosave, controller, started };
}

const never = <T>() => new Promise<T>(() => {});
const hanging: ProjectBackend = {
  get: never,
  put: never,
  patch: never,
  delete: never,
  list: never,
};

describe('saving before a run', () => {
  it('a storage that never answers delays the run only for the bounded wait, then warns and keeps the project', async () => {
    const { store, local, time, errors, controller, started } = wire(hanging);
    store.setText('src/main.ts', 'console.log("edited")\n');
    void controller.run();
    await settle();
    expect(controller.getState().status).toBe('building');
    time.advance(2999);
    await settle();
    expect(started).toHaveLength(0);
    time.advance(1);
    await settle();
    await settle();
    expect(controller.getState().status).toBe('starting');
    expect(started).toHaveLength(1);
    expect(errors.at(-1)).toMatch(/storage is not answering/i);
    expect(store.getState().project.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'console.log("edited")\n',
    });
    // A synchronous copy, so a reload restores the edit even if the write never lands.
    expect([...local.map.keys()].some((k) => k.startsWith('playpen:wal:'))).toBe(true);
  });

  it('a late save still lands and clears the warning', async () => {
    const gate = deferred();
    const records: string[] = [];
    const slow: ProjectBackend = {
      ...hanging,
      put: async (record) => {
        await gate.promise;
        records.push(record.id);
      },
    };
    const { store, time, errors, controller, local } = wire(slow);
    store.setText('src/main.ts', 'late\n');
    void controller.run();
    await settle();
    time.advance(3000);
    await settle();
    await settle();
    expect(controller.getState().status).toBe('starting');
    expect(errors.at(-1)).toMatch(/storage is not answering/i);
    gate.resolve();
    await settle();
    expect(records).toHaveLength(1);
    expect(errors.at(-1)).toBeNull();
    expect([...local.map.keys()].some((k) => k.startsWith('playpen:wal:'))).toBe(false);
  });

  it('a storage that answers in time saves before the program starts, with no warning', async () => {
    const { store, backend, controller, started, errors } = wire();
    store.setText('src/main.ts', 'saved first\n');
    const running = controller.run();
    await running;
    expect(started).toHaveLength(1);
    expect([...backend.records.values()][0]!.files['src/main.ts']).toEqual({
      kind: 'text',
      text: 'saved first\n',
    });
    expect(errors.filter((e) => e !== null)).toEqual([]);
  });
});
