import { describe, expect, it } from 'vitest';
import type { HostMessage, RuntimeMessage } from '../../../../src/protocol';
import type { ConnectedFrame } from '../../../../src/preview/frame';
import { createParkedFrames } from '../../../../src/run/step-back/parked-frames';
import type { RunInfo } from '../../../../src/run/controller';

/** A connected frame that records what it is sent; `report` plays the runtime's side. */
function fakeFrame() {
  const sent: HostMessage[] = [];
  const state = { removed: false, closed: false };
  const port = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    close: () => (state.closed = true),
  };
  const frame = {
    iframe: { remove: () => (state.removed = true) },
    port,
    send: (message: HostMessage) => sent.push(message),
  } as unknown as ConnectedFrame;
  const report = (data: unknown) => port.onmessage?.({ data } as MessageEvent);
  return { frame, sent, state, report };
}

const rest = (tick: number, mode: 'paused' | 'replaying' = 'paused'): RuntimeMessage => ({
  type: 'ticks',
  records: [],
  state: { mode, tick, now: tick * 16, nextDue: null },
});
const run = (tick: number): RunInfo => ({
  runId: 1,
  seed: 7,
  startTime: 0,
  replay: { tick, inputs: [] },
});
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('parked frames', () => {
  it('starts a parked frame at its replay tick and reports where it got to', async () => {
    const parked = createParkedFrames(() => {});
    const f = fakeFrame();
    const r = run(40);
    const starts: (number | undefined)[] = [];
    parked.park(r, Promise.resolve(f.frame), (_frame, replay) => starts.push(replay?.tick));
    expect(parked.reached(r)).toBe(-1);
    await settle();
    expect(starts).toEqual([40]);
    expect(parked.reached(r)).toBe(0);
    f.report(rest(40));
    expect(parked.reached(r)).toBe(40);
  });

  it('sends a move on only once the frame rests, and a move asked for before it booted replaces its start', async () => {
    const parked = createParkedFrames(() => {});
    const early = fakeFrame();
    const r1 = run(10);
    const starts: (number | undefined)[] = [];
    parked.park(r1, Promise.resolve(early.frame), (_f, replay) => starts.push(replay?.tick));
    parked.advance(r1, 25, []);
    await settle();
    expect(starts).toEqual([25]);

    // The move keeps the run's recorded start: a frame booted late once replayed at the pane's
    // size instead (share-run.spec: "Replay diverged … the viewport was 507×383, replay 635×551").
    const viewport = { width: 507, height: 383 };
    const environment = {
      dpr: 2,
      colorScheme: 'dark',
      reducedMotion: false,
      pointer: 'fine',
      hover: true,
    } as const;
    const sized: RunInfo = { ...r1, replay: { tick: 10, inputs: [], viewport, environment } };
    const replays: unknown[] = [];
    parked.park(sized, Promise.resolve(fakeFrame().frame), (_f, replay) => replays.push(replay));
    parked.advance(sized, 25, []);
    await settle();
    expect(replays).toEqual([{ tick: 25, inputs: [], viewport, environment }]);

    const f = fakeFrame();
    const r2 = run(10);
    parked.park(r2, Promise.resolve(f.frame), () => {});
    await settle();
    parked.advance(r2, 30, []);
    parked.advance(r2, 20, []); // backwards: ignored
    expect(f.sent).toEqual([]);
    f.report(rest(5, 'replaying'));
    expect(f.sent).toEqual([]);
    f.report(rest(10));
    expect(f.sent).toEqual([{ type: 'run-until', tick: 30, inputs: [] }]);
    expect(parked.take(r2)).toMatchObject({ sent: 30, resting: false });
  });

  it('buffers the app messages for promotion and hands host messages (shortcut, focus) on', async () => {
    const host: string[] = [];
    const parked = createParkedFrames((message) => host.push(message.type));
    const f = fakeFrame();
    const r = run(3);
    parked.park(r, Promise.resolve(f.frame), () => {});
    expect(parked.take(r)).toBeNull(); // no frame yet
    await settle();
    f.report({ type: 'evaluated' });
    f.report({ type: 'focus-taken' });
    f.report({ type: 'shortcut', action: 'back' });
    f.report({ type: 'console', level: 'log', args: 'not an array' }); // malformed: dropped
    f.report(rest(3));
    expect(host).toEqual(['focus-taken', 'shortcut']);
    const taken = parked.take(r)!;
    expect(taken.buffer.map((m) => m.type)).toEqual(['evaluated', 'ticks']);
    expect(taken).toMatchObject({ resting: true, sent: 3 });
    expect(parked.reached(r)).toBe(-1); // taken out of the parked set
  });

  it('removes dropped frames, including one that connects after it was dropped', async () => {
    const parked = createParkedFrames(() => {});
    const a = fakeFrame();
    const b = fakeFrame();
    let connectB!: (f: ConnectedFrame) => void;
    parked.park(run(1), Promise.resolve(a.frame), () => {});
    parked.park(run(2), new Promise((r) => (connectB = r)), () => {});
    await settle();
    parked.drop();
    expect(a.state).toEqual({ removed: true, closed: true });
    connectB(b.frame);
    await settle();
    expect(b.state.removed).toBe(true);
  });
});
