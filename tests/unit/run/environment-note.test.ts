import { describe, expect, it } from 'vitest';
import type { RunEnvironment } from '../../../src/protocol';
import { environmentNote } from '../../../src/run/environment-note';
import { createHistory } from '../../../src/run/history';
import { rec } from './timeline-fixtures';

const run: RunEnvironment = {
  dpr: 1,
  colorScheme: 'light',
  reducedMotion: false,
  pointer: 'fine',
  hover: true,
};

describe('a replay in a browser unlike the run’s', () => {
  it('names each difference, the browser’s value and the run’s', () => {
    const note = environmentNote(run, { ...run, dpr: 2, colorScheme: 'dark' });
    expect(note).toMatch(
      /^This replay’s browser differs from the recorded run: device pixel ratio is 2 here, 1 in the run; prefers-color-scheme is dark here, light in the run\. /,
    );
    expect(note).toMatch(/CSS follows this browser/);
    expect(environmentNote(run, { ...run, reducedMotion: true, hover: false })).toMatch(
      /prefers-reduced-motion is reduce here, no-preference in the run; hover is none here, hover in the run/,
    );
  });

  it('says nothing when the browsers are alike', () => {
    expect(environmentNote(run, { ...run })).toBeNull();
  });
});

describe("a run's tick-0 environment (what a replay's program is given)", () => {
  it('is read from tick 0, kept in a fork, and a replayed tick 0 does not change it', () => {
    const history = createHistory({ maxTicks: 100, maxBytes: 1e9 }, () => {});
    expect(history.startEnvironment()).toBeUndefined();
    history.record(rec(0, { environment: run }));
    history.record(rec(1));
    history.record(rec(0, { environment: { ...run, dpr: 3 } }));
    expect(history.startEnvironment()).toEqual(run);
    expect(history.copyUpTo(1).startEnvironment()).toEqual(run);
  });
});
