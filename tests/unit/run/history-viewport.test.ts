import { describe, expect, it } from 'vitest';
import { createHistory, viewportFromKey } from '../../../src/run/history';
import { rec } from './timeline-fixtures';

describe("a run's tick-0 viewport (what a replay's frame is sized to)", () => {
  it('is read from tick 0 and kept after tick 0 falls out of the history, and in a fork', () => {
    const notes: string[] = [];
    const history = createHistory({ maxTicks: 10, maxBytes: 1e9 }, (_, note) => notes.push(note));
    expect(history.startViewport()).toBeUndefined();
    history.record(rec(0, { viewport: '640×360@2' }));
    for (let t = 1; t <= 30; t++) history.record(rec(t, { viewport: '500×360@2' }));
    expect(history.first).toBeGreaterThan(0);
    expect(notes.length).toBeGreaterThan(0);
    expect(history.startViewport()).toEqual({ width: 640, height: 360 });
    expect(history.copyUpTo(25).startViewport()).toEqual({ width: 640, height: 360 });
  });

  it('a replayed tick 0 at another size does not change it (the replay is compared, not kept)', () => {
    const history = createHistory({ maxTicks: 100, maxBytes: 1e9 }, () => {});
    history.record(rec(0, { viewport: '640×360@1' }));
    expect(history.record(rec(0, { viewport: '500×360@1' }))).toMatch(
      /the viewport was "640×360@1", replay "500×360@1"/,
    );
    expect(history.startViewport()).toEqual({ width: 640, height: 360 });
  });

  it('parses only whole, positive sizes', () => {
    expect(viewportFromKey('1280×720@1.5')).toEqual({ width: 1280, height: 720 });
    expect(viewportFromKey('0×720@1')).toBeUndefined();
    expect(viewportFromKey('wide×720@1')).toBeUndefined();
    expect(viewportFromKey(undefined)).toBeUndefined();
  });
});
