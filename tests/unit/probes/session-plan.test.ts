import { describe, expect, it } from 'vitest';
import type { Logpoint, Program } from '../../../src/protocol';
import { planSessions } from '../../../src/probes/session-plan';

const program: Program = {
  entry: 'src/main.ts',
  modules: {
    'src/main.ts': { kind: 'js', code: '', url: '', map: '', deps: {} },
    'src/style.css': { kind: 'css', css: '' },
  },
  vendor: [],
  cdn: [],
};
const lp = (id: string, path: string, line: number, expression = 'x'): Logpoint => ({
  id,
  path,
  line,
  expression,
});
const base = {
  run: { runId: 3, program },
  futureId: 1,
  logpoints: [lp('a', 'src/main.ts', 2)],
  activePath: 'src/main.ts',
  builtFromCurrent: () => true,
};

describe('which probed replays to keep', () => {
  it('one for the logpoints and one counting the open file, keyed by run and future', () => {
    const plan = planSessions(base);
    expect(plan.logpoints?.request.logpoints.map((l) => l.id)).toEqual(['a']);
    expect(plan.lines?.request).toEqual({ logpoints: [], lineHits: 'src/main.ts' });
    expect(planSessions({ ...base, futureId: 2 }).logpoints!.key).not.toBe(plan.logpoints!.key);
    expect(planSessions({ ...base, activePath: 'src/style.css' }).lines).toBeNull();
  });

  it('a changed expression or line is a new key; the same logpoints keep it', () => {
    const key = planSessions(base).logpoints!.key;
    expect(planSessions({ ...base, logpoints: [lp('a', 'src/main.ts', 2)] }).logpoints!.key).toBe(
      key,
    );
    expect(
      planSessions({ ...base, logpoints: [lp('a', 'src/main.ts', 3)] }).logpoints!.key,
    ).not.toBe(key);
    expect(
      planSessions({ ...base, logpoints: [lp('a', 'src/main.ts', 2, 'y')] }).logpoints!.key,
    ).not.toBe(key);
  });

  it('logpoints in a file edited since the run was built wait for the next run', () => {
    const plan = planSessions({ ...base, builtFromCurrent: () => false });
    expect(plan.logpoints).toBeNull();
    expect(plan.lines).toBeNull();
    expect(plan.waiting).toEqual(['a']);
    expect(planSessions({ ...base, run: null }).waiting).toEqual(['a']);
  });
});
