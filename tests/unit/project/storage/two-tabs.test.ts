import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProjectStore } from '../../../../src/project/model/store';
import { createMemoryBackend } from '../../../../src/project/storage/memory-backend';
import { createPersistence, type Persistence } from '../../../../src/project/storage/persistence';
import { memoryLocal, sample } from './helpers';

/**
 * Two tabs as the app wires them (persistence: autosave, library, tab guard) over Node's real
 * BroadcastChannel, sharing one IndexedDB (a memory backend) and one localStorage.
 */
let channelName = 0;
const opened: Persistence[] = [];

function browser() {
  const backend = createMemoryBackend();
  const local = memoryLocal();
  const name = `playpen-test-${++channelName}`;
  const openTab = async () => {
    const store = createProjectStore(sample('Default'));
    const persistence = createPersistence({
      store,
      backend,
      local,
      tab: memoryLocal(),
      openedFromLink: false,
      channel: new BroadcastChannel(name) as never,
      // Saves happen when the test says (flush, release), not on a timer.
      delayMs: 60_000,
    });
    opened.push(persistence);
    await persistence.start();
    const conflict = () => persistence.library.getState().conflict;
    const text = () => {
      const file = store.getState().project.files['src/main.ts'];
      return file?.kind === 'text' ? file.text : undefined;
    };
    return { store, persistence, conflict, text };
  };
  return { backend, local, openTab };
}

const savedText = (backend: ReturnType<typeof createMemoryBackend>) => {
  const [record] = [...backend.records.values()];
  const file = record?.files['src/main.ts'];
  return file?.kind === 'text' ? file.text : undefined;
};

afterEach(() => {
  for (const p of opened.splice(0)) p.dispose();
});

describe('one project in two tabs (real BroadcastChannel)', () => {
  it('the second tab is read-only; "Edit here" takes the first tab’s unsaved typing, and the first turns read-only', async () => {
    const { backend, openTab } = browser();
    const a = await openTab();
    a.store.setText('src/main.ts', 'saved in a\n');
    await a.persistence.autosave.flush();

    const b = await openTab();
    expect(b.text()).toBe('saved in a\n');
    await vi.waitFor(() => expect(b.conflict()).toBe('open-elsewhere'));
    expect(a.conflict()).toBe('none');

    // Typed in a, not yet saved (the quiet time has not passed) when b presses "Edit here".
    a.store.setText('src/main.ts', 'saved in a\ntyped in a\n');
    expect(savedText(backend)).toBe('saved in a\n');
    await b.persistence.takeOver();
    expect(b.conflict()).toBe('none');
    expect(a.conflict()).toBe('taken-over');
    expect(b.text()).toBe('saved in a\ntyped in a\n');

    b.store.setText('src/main.ts', 'saved in a\ntyped in a\ntyped in b\n');
    await b.persistence.autosave.flush();
    expect(savedText(backend)).toBe('saved in a\ntyped in a\ntyped in b\n');
    // The read-only tab writes nothing, even when asked to.
    await a.persistence.autosave.flush();
    a.persistence.autosave.flushOnHide();
    expect(savedText(backend)).toBe('saved in a\ntyped in a\ntyped in b\n');

    // A reload of the tab taken over shows the newest work, read-only.
    const a2 = await openTab();
    expect(a2.text()).toBe('saved in a\ntyped in a\ntyped in b\n');
    await vi.waitFor(() => expect(a2.conflict()).toBe('open-elsewhere'));
  });

  it('when the editing tab goes away with a save still in flight, "Edit here" loads its localStorage copy', async () => {
    const { backend, openTab } = browser();
    const a = await openTab();
    a.store.setText('src/main.ts', 'first\n');
    await a.persistence.autosave.flush();
    const b = await openTab();
    await vi.waitFor(() => expect(b.conflict()).toBe('open-elsewhere'));

    // The page hides: the IndexedDB write never lands, the synchronous copy does.
    a.store.setText('src/main.ts', 'first\nlast keys\n');
    const never = new Promise<void>(() => {});
    backend.put = () => never;
    backend.patch = () => never;
    pageHide(a.persistence);
    await vi.waitFor(() => expect(b.conflict()).toBe('left'));

    await b.persistence.takeOver();
    expect(b.conflict()).toBe('none');
    expect(b.text()).toBe('first\nlast keys\n');
  });
});

/** What the app's pagehide handler does (persistence.bindPage), without a DOM. */
function pageHide(p: Persistence) {
  const listeners = new Map<string, () => void>();
  const target = {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: () => {},
    document: { addEventListener: () => {}, removeEventListener: () => {} },
  };
  p.bindPage(target as never);
  listeners.get('pagehide')!();
}
