import { describe, expect, it } from 'vitest';
import type { Logpoint, Program } from '../../../src/protocol';
import {
  cursorMoved,
  editRequested,
  lineSessionStep,
  logpointSessionsStep,
  olderCaughtUp,
} from '../../../src/probes/ask-past-steps';
import { planSessions } from '../../../src/probes/session-plan';

const program: Program = {
  entry: 'src/main.ts',
  modules: { 'src/main.ts': { kind: 'js', code: '', url: '', map: '', deps: {} } },
  vendor: [],
  cdn: [],
};
const x: Logpoint = { id: 'a', path: 'src/main.ts', line: 2, expression: 'x' };
const plan = (logpoints: Logpoint[], futureId = 1) =>
  planSessions({
    run: { runId: 3, program },
    futureId,
    logpoints,
    activePath: 'src/main.ts',
    builtFromCurrent: () => true,
  });

describe('Ask the past: the logpoint sessions held', () => {
  const want = plan([x]).logpoints!;

  it('makes the planned session when none is held, once a run is shown', () => {
    expect(logpointSessionsStep([], want, true, true)).toEqual({ dropAll: false, make: want });
    expect(logpointSessionsStep([], want, true, false)).toEqual({ dropAll: false, make: null });
  });

  it('keeps the newest while its key is planned', () => {
    const step = logpointSessionsStep(['older', want.key], want, false, true);
    expect(step).toEqual({ dropAll: false, make: null });
  });

  it('makes a changed expression’s session beside the one it catches up with', () => {
    const edited = plan([{ ...x, expression: 'x * 2' }]).logpoints!;
    expect(logpointSessionsStep([want.key], edited, false, true)).toEqual({
      dropAll: false,
      make: edited,
    });
  });

  it('drops them all on a new run, and when no logpoint is left to probe', () => {
    expect(logpointSessionsStep([want.key], want, true, true)).toEqual({
      dropAll: true,
      make: want,
    });
    expect(logpointSessionsStep([want.key], plan([]).logpoints, false, true)).toEqual({
      dropAll: true,
      make: null,
    });
  });

  it('lets the older go once the newer of two is current', () => {
    expect(olderCaughtUp(['current', 'replaying'])).toBe(false);
    expect(olderCaughtUp(['replaying', 'current'])).toBe(true);
    expect(olderCaughtUp(['current'])).toBe(false);
  });
});

describe('Ask the past: the line-counting session', () => {
  const want = plan([]).lines!;

  it('is made only while paused, and kept while its key is planned', () => {
    expect(lineSessionStep(null, want, true, true)).toEqual({ drop: false, make: want });
    expect(lineSessionStep(null, want, false, true)).toEqual({ drop: false, make: null });
    expect(lineSessionStep(null, want, true, false)).toEqual({ drop: false, make: null });
    expect(lineSessionStep(want.key, want, true, true)).toEqual({ drop: false, make: null });
  });

  it('is replaced in another future, and dropped when nothing is counted', () => {
    const forked = plan([], 2).lines!;
    expect(lineSessionStep(want.key, forked, true, true)).toEqual({ drop: true, make: forked });
    expect(lineSessionStep(want.key, forked, false, true)).toEqual({ drop: true, make: null });
    expect(lineSessionStep(want.key, null, true, true)).toEqual({ drop: true, make: null });
  });
});

describe('Ask the past: cursor and edit requests', () => {
  it('a cursor that stays on its line is the same object (subscribers are not told)', () => {
    const was = { path: 'src/main.ts', line: 2 };
    expect(cursorMoved(was, 'src/main.ts', 2)).toBe(was);
    expect(cursorMoved(was, 'src/main.ts', 3)).toEqual({ path: 'src/main.ts', line: 3 });
    expect(cursorMoved(null, 'src/a.ts', 1)).toEqual({ path: 'src/a.ts', line: 1 });
  });

  it('each edit request is news, even for the same logpoint', () => {
    const first = editRequested(null, 'a');
    expect(first).toEqual({ id: 'a', nonce: 1 });
    expect(editRequested(first, 'a')).toEqual({ id: 'a', nonce: 2 });
  });
});
