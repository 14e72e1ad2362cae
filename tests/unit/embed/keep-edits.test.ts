import { describe, expect, it } from 'vitest';
import { keepEdits, KEEP_DELAY_MS, restoreEdits } from '../../../src/embed/keep-edits';
import { createProjectStore } from '../../../src/project/model/store';
import type { Project } from '../../../src/protocol';
import { fakeClock } from '../fake-clock';

const initial: Project = {
  name: 'Lesson',
  entry: 'main.ts',
  files: { 'main.ts': { kind: 'text', text: 'console.log(1)' } },
};

describe('kept edits', () => {
  it('go to the host once edits pause, and null once the files are the initial ones again', () => {
    const kept: (Record<string, string> | null)[] = [];
    const { clock, advance } = fakeClock();
    const project = createProjectStore(initial);
    keepEdits({ project, initial, clock, keep: (files) => kept.push(files) });
    project.setText('main.ts', 'console.log(2)');
    project.setText('main.ts', 'console.log(3)');
    advance(KEEP_DELAY_MS - 1);
    expect(kept).toEqual([]);
    advance(1);
    expect(kept).toEqual([{ 'main.ts': 'console.log(3)' }]);
    project.setActive('main.ts');
    advance(KEEP_DELAY_MS);
    expect(kept).toHaveLength(1);
    project.replace(initial);
    advance(KEEP_DELAY_MS);
    expect(kept.at(-1)).toBeNull();
  });

  it('are sent at once when the page goes, and not again', () => {
    const kept: (Record<string, string> | null)[] = [];
    const { clock, advance } = fakeClock();
    const project = createProjectStore(initial);
    const keeping = keepEdits({ project, initial, clock, keep: (files) => kept.push(files) });
    project.setText('main.ts', 'x');
    keeping.flush();
    advance(KEEP_DELAY_MS);
    expect(kept).toEqual([{ 'main.ts': 'x' }]);
  });

  it('open instead of the host’s files, unless they no longer make a project', () => {
    const restored = restoreEdits(initial, { 'main.ts': 'edited', 'util.ts': '' });
    expect(restored.files['main.ts']).toEqual({ kind: 'text', text: 'edited' });
    expect(restored.entry).toBe('main.ts');
    expect(restoreEdits(initial, undefined)).toBe(initial);
    expect(restoreEdits(initial, { 'a.ts': '', 'b.ts': '' })).toBe(initial);
  });
});
