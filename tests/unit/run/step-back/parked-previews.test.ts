import { describe, expect, it } from 'vitest';
import type { ConnectedFrame } from '../../../../src/preview/frame';
import type { PreviewHost, PreviewRun } from '../../../../src/preview/preview-host';
import type { HostMessage, Program, RuntimeMessage } from '../../../../src/protocol';
import type { RunInfo } from '../../../../src/run/controller';
import { createParkedPreviews } from '../../../../src/run/step-back/parked-previews';

/** A connected frame; `report` plays the runtime's side. */
function fakeFrame() {
  const port = { onmessage: null as ((event: MessageEvent) => void) | null, close() {} };
  const sent: HostMessage[] = [];
  const frame = {
    iframe: { remove() {} },
    port,
    send: (message: HostMessage) => sent.push(message),
  } as unknown as ConnectedFrame;
  const report = (data: RuntimeMessage) => port.onmessage?.({ data } as MessageEvent);
  return { frame, sent, report };
}

/** The preview host's side for hidden frames: records what is started, shown and handed on. */
function fakeHost(frame: ConnectedFrame) {
  const started: PreviewRun[] = [];
  const shown: { run: PreviewRun; buffered: RuntimeMessage[] }[] = [];
  const hostMessages: string[] = [];
  const host = {
    hiddenFrame: () => Promise.resolve(frame),
    startHidden: (_frame: ConnectedFrame, _program: Program, run: PreviewRun) =>
      void started.push(run),
    show: (_frame: ConnectedFrame, run: PreviewRun, buffered: RuntimeMessage[]) =>
      void shown.push({ run, buffered }),
    handleHostMessage: (message: RuntimeMessage) => void hostMessages.push(message.type),
  } as unknown as PreviewHost;
  return { host, started, shown, hostMessages };
}

const rest = (tick: number): RuntimeMessage => ({
  type: 'ticks',
  records: [],
  state: { mode: 'paused', tick, now: tick * 16, nextDue: null },
});
const program = { entry: 'src/main.ts', modules: {}, vendor: [], cdn: [] } as unknown as Program;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('parked previews', () => {
  it('replays a checkpoint in a hidden frame, moved on to the latest target asked for', async () => {
    const f = fakeFrame();
    const { host, started } = fakeHost(f.frame);
    const parked = createParkedPreviews(host);
    const run: RunInfo = { runId: 3, seed: 9, startTime: 0, replay: { tick: 40, inputs: [] } };
    parked.park(program, run);
    parked.advance(run, 48, []);
    await settle();
    expect(started.map((r) => [r.runId, r.replay?.tick])).toEqual([[3, 48]]);
    expect(parked.reached(run)).toBe(0);
    f.report(rest(48));
    expect(parked.reached(run)).toBe(48);
  });

  it('shows a promoted checkpoint with only its last rest passed on as paused', async () => {
    const f = fakeFrame();
    const { host, shown, hostMessages } = fakeHost(f.frame);
    const parked = createParkedPreviews(host);
    const run: RunInfo = { runId: 3, seed: 9, startTime: 0, replay: { tick: 40, inputs: [] } };
    expect(parked.promote(run)).toBeNull();
    parked.park(program, run);
    await settle();
    f.report({ type: 'evaluated' });
    f.report({ type: 'shortcut', action: 'back' });
    f.report(rest(40));
    parked.advance(run, 44, []);
    expect(f.sent).toEqual([{ type: 'run-until', tick: 44, inputs: [] }]);
    f.report(rest(44));
    expect(parked.promote(run)).toBe(44);
    expect(hostMessages).toEqual(['shortcut']);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.run).toBe(run);
    expect(
      shown[0]!.buffered.map((m) =>
        m.type === 'ticks' ? `${m.state.tick} ${m.state.mode}` : m.type,
      ),
    ).toEqual(['evaluated', '40 replaying', '44 paused']);
    expect(parked.reached(run)).toBe(-1);
  });
});
