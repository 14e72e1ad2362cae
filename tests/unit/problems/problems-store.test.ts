import { describe, expect, it } from 'vitest';
import { createProblemsStore, MAX_RUNTIME } from '../../../src/problems/problems-store';
import { allProblems, countProblems, countsText } from '../../../src/problems/problem-list';
import { followRuns, type RunSnapshot } from '../../../src/problems/follow-runs';
import type { Diagnostic, RuntimeMessage } from '../../../src/protocol';

type ErrorMessage = Extract<RuntimeMessage, { type: 'error' }>;
const thrown = (message: string): ErrorMessage => ({
  type: 'error',
  kind: 'uncaught',
  message,
  frames: [{ url: 'playpen:///src/main.ts', line: 9, column: 3 }],
});
// The frames as the console maps them: a React frame first, then the user's file.
const frames = [
  { file: 'https://esm.sh/react-dom', line: 100, column: 5, mapped: false },
  { file: 'src/main.ts', line: 3, column: 7, mapped: true },
];
const syntaxError: Diagnostic = {
  severity: 'error',
  file: 'src/util.ts',
  line: 2,
  column: 4,
  text: 'Expected ";" but found "x"',
};

describe('problems store', () => {
  it('merges build, type and runtime problems in one list, errors first, by file and line', () => {
    const problems = createProblemsStore();
    problems.setBuild([syntaxError, { severity: 'warning', text: 'no file' }]);
    problems.setTypes('src/main.ts', [
      {
        severity: 'error',
        message: "Type 'string' is not assignable to type 'number'.",
        line: 1,
        column: 7,
      },
    ]);
    problems.addRuntime(thrown('boom'), frames);
    const list = allProblems(problems.getState());
    expect(list.map((p) => [p.source, p.file, p.line])).toEqual([
      ['type', 'src/main.ts', 1],
      ['runtime', 'src/main.ts', 3],
      ['build', 'src/util.ts', 2],
      ['build', undefined, undefined],
    ]);
    expect(countProblems(problems.getState())).toEqual({ errors: 3, warnings: 1 });
    expect(countsText(countProblems(problems.getState()))).toBe('3 errors, 1 warning');
  });

  it('places a runtime error at its first frame in a project file, or nowhere', () => {
    const problems = createProblemsStore();
    problems.addRuntime(thrown('in vendor only'), [frames[0]!]);
    problems.addRuntime(thrown('boom'), frames);
    const [vendor, user] = problems.getState().runtime;
    expect(vendor).toMatchObject({ message: 'in vendor only', kind: 'uncaught' });
    expect(vendor!.file).toBeUndefined();
    expect(user).toMatchObject({ file: 'src/main.ts', line: 3, column: 7, severity: 'error' });
  });

  it('clears type problems per file, leaving the other files', () => {
    const problems = createProblemsStore();
    const bad = [{ severity: 'error' as const, message: 'bad', line: 1, column: 1 }];
    problems.setTypes('src/a.ts', bad);
    problems.setTypes('src/b.ts', bad);
    problems.setTypes('src/a.ts', []);
    expect(Object.keys(problems.getState().types)).toEqual(['src/b.ts']);
    expect(countsText(countProblems(problems.getState()))).toBe('1 error');
    problems.setTypes('src/b.ts', []);
    expect(countsText(countProblems(problems.getState()))).toBe('No problems');
  });

  it('shows the run’s first error over the preview; dismissed, later errors of the run do not bring it back', () => {
    const problems = createProblemsStore();
    problems.addRuntime(thrown('first'), frames);
    problems.addRuntime(thrown('second'), frames);
    expect(problems.getState().overlay?.message).toBe('first');
    problems.dismissOverlay();
    problems.addRuntime(thrown('third'), frames);
    expect(problems.getState().overlay).toBeNull();
    expect(problems.getState().runtime).toHaveLength(3);
    problems.clearRuntime();
    expect(problems.getState().runtime).toEqual([]);
    problems.addRuntime(thrown('next run'), frames);
    expect(problems.getState().overlay?.message).toBe('next run');
  });

  it('keeps at most MAX_RUNTIME errors of one run', () => {
    const problems = createProblemsStore();
    for (let i = 0; i < MAX_RUNTIME + 10; i++) problems.addRuntime(thrown(`e${i}`), frames);
    expect(problems.getState().runtime).toHaveLength(MAX_RUNTIME);
  });
});

describe('followRuns', () => {
  function fakeRuns(initial: RunSnapshot) {
    let state = initial;
    const listeners = new Set<() => void>();
    return {
      getState: () => state,
      subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)),
      set(next: Partial<RunSnapshot>) {
        state = { ...state, ...next };
        listeners.forEach((fn) => fn());
      },
    };
  }

  it('replaces build problems per build and clears runtime errors when a run starts, not when a build fails', () => {
    const problems = createProblemsStore();
    const runs = fakeRuns({ diagnostics: [], runId: 1 });
    const stop = followRuns(problems, runs);
    problems.addRuntime(thrown('boom'), frames);
    runs.set({ diagnostics: [syntaxError] }); // a failed build: the run on screen goes on
    expect(problems.getState().build).toHaveLength(1);
    expect(problems.getState().runtime).toHaveLength(1);
    expect(problems.getState().overlay).not.toBeNull();
    runs.set({ diagnostics: [], runId: 2 }); // fixed: a new run starts
    expect(problems.getState().build).toEqual([]);
    expect(problems.getState().runtime).toEqual([]);
    expect(problems.getState().overlay).toBeNull();
    stop();
    runs.set({ diagnostics: [syntaxError] });
    expect(problems.getState().build).toEqual([]);
  });
});
