import { describe, expect, it } from 'vitest';
import type { Logpoint, Program } from '../../../src/protocol';
import { createProbeSession } from '../../../src/probes/probe-session';
import { logpointViews } from '../../../src/probes/probe-views';
import { fakeHost } from './probe-fakes';

const program: Program = {
  entry: 'src/main.ts',
  modules: { 'src/main.ts': { kind: 'js', code: 'code', url: '', map: '{}', deps: {} } },
  vendor: [],
  cdn: [],
};
const a: Logpoint = { id: 'a', path: 'src/main.ts', line: 2, expression: 'x' };
const b: Logpoint = { id: 'b', path: 'src/main.ts', line: 3, expression: 'y' };

describe('logpoint views', () => {
  it('shows each logpoint from its session, and a waiting one as waiting whatever was found', () => {
    const session = createProbeSession({
      host: fakeHost().host,
      timeline: {
        getState: () => ({ lastTick: 0 }) as never,
        inputsUpTo: () => [],
        recordAt: () => undefined,
        startViewport: () => undefined,
        startEnvironment: () => undefined,
      },
      program,
      run: { runId: 1, seed: 1, startTime: 1000 },
      request: { logpoints: [a, b], lineHits: null },
      // Still instrumenting: the session is preparing.
      instrument: () => new Promise(() => {}),
      changed: () => {},
    });
    const views = logpointViews([a, b], ['b'], [session], 0);
    expect(Object.keys(views)).toEqual(['a', 'b']);
    expect(views['a']!.phase).toBe('preparing');
    expect(views['b']!.phase).toBe('waiting');
    expect(logpointViews([a], [], [], 0)['a']!.phase).toBe('waiting');
  });
});
