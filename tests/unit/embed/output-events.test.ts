import { describe, expect, it } from 'vitest';
import { consoleText, followChanges, runtimeEvents } from '../../../src/embed/output-events';
import { createProjectStore } from '../../../src/project/model/store';
import type { EmbedEvents } from '../../../src/protocol/embed';
import type { MappedFrame } from '../../../src/console/map-stack';

const recorder = () => {
  const heard: [string, unknown][] = [];
  const emit = <N extends keyof EmbedEvents>(name: N, data: EmbedEvents[N]) =>
    void heard.push([name, data]);
  return { heard, emit };
};

describe('console and error events', () => {
  it('render the arguments as the console shows them, one event per call', () => {
    expect(
      consoleText([
        { t: 'string', v: 'total:' },
        { t: 'number', v: 42 },
        {
          t: 'array',
          id: 1,
          length: 2,
          items: [
            { t: 'number', v: 1 },
            { t: 'string', v: 'a' },
          ],
        },
      ]),
    ).toBe("total: 42 Array(2) [1, 'a']");
    const { heard, emit } = recorder();
    runtimeEvents(
      {
        type: 'console-batch',
        entries: [
          { level: 'warn', args: [{ t: 'string', v: 'careful' }], tick: 3 },
          { level: 'groupEnd', args: [] },
          { level: 'log', args: [{ t: 'null' }] },
        ],
      },
      () => [],
      emit,
    );
    expect(heard).toEqual([
      ['console', { level: 'warn', text: 'careful', tick: 3 }],
      ['console', { level: 'log', text: 'null' }],
    ]);
  });

  it('give an error’s first place in the project', () => {
    const frames: MappedFrame[] = [
      { file: 'https://cdn.test/lib.js', line: 1, column: 1, mapped: false },
      { fn: 'fail', file: 'src/fail.ts', line: 2, column: 9, mapped: true },
    ];
    const { heard, emit } = recorder();
    runtimeEvents(
      { type: 'error', kind: 'uncaught', message: 'Error: boom', frames: [], tick: 4 },
      () => frames,
      emit,
    );
    runtimeEvents(
      { type: 'error', kind: 'unhandledrejection', message: 'x', frames: [] },
      () => [],
      emit,
    );
    runtimeEvents({ type: 'evaluated' }, () => [], emit);
    expect(heard).toEqual([
      ['error', { message: 'Error: boom', file: 'src/fail.ts', line: 2, column: 9, tick: 4 }],
      ['error', { message: 'x' }],
    ]);
  });
});

describe('change events', () => {
  it('name each file added, edited or removed', () => {
    const project = createProjectStore({
      name: 'p',
      entry: 'a.ts',
      files: { 'a.ts': { kind: 'text', text: '1' }, 'b.ts': { kind: 'text', text: '2' } },
    });
    const { heard, emit } = recorder();
    followChanges(project, emit);
    project.setText('a.ts', 'one');
    project.createFile('c.ts');
    project.remove('b.ts');
    project.setActive('c.ts');
    expect(heard).toEqual([
      ['change', { path: 'a.ts', text: 'one' }],
      ['change', { path: 'c.ts', text: '' }],
      ['change', { path: 'b.ts', text: null }],
    ]);
  });
});
