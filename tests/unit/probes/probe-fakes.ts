import type { ConnectedFrame } from '../../../src/preview/frame';
import type { PreviewRun } from '../../../src/preview/run-message';
import type { HostMessage, Program, RuntimeMessage, TickRecord } from '../../../src/protocol';
import type { FrameClock } from '../../../src/probes/probe-frame';

/** A hidden frame the test plays the runtime of: what it was sent, and `report` to answer. */
export function fakeHost() {
  const sent: HostMessage[] = [];
  const started: { program: Program; run: PreviewRun }[] = [];
  const state = { removed: false, hostMessages: [] as RuntimeMessage[] };
  const port = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    close: () => {},
  };
  const frame = {
    iframe: { remove: () => (state.removed = true) },
    port,
    send: (message: HostMessage) => sent.push(message),
  } as unknown as ConnectedFrame;
  const host = {
    hiddenFrame: () => Promise.resolve(frame),
    startHidden: (_f: ConnectedFrame, program: Program, run: PreviewRun) =>
      void started.push({ program, run }),
    handleHostMessage: (message: RuntimeMessage) => void state.hostMessages.push(message),
  };
  const report = (data: unknown) => port.onmessage?.({ data } as MessageEvent);
  return { host, sent, started, state, report };
}

/** A watchdog clock the test moves by hand. */
export function fakeFrameClock() {
  let time = 0;
  const intervals = new Map<number, { every: number; last: number; run: () => void }>();
  let id = 0;
  const clock: FrameClock = {
    now: () => time,
    setInterval(run, every) {
      intervals.set(++id, { every, last: time, run });
      return id;
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = time + ms;
    while (time < end) {
      time = Math.min(end, time + 100);
      for (const t of [...intervals.values()])
        if (time - t.last >= t.every) {
          t.last = time;
          t.run();
        }
    }
  };
  return { clock, advance, intervals };
}

/** A tick record as a runtime reports it (fingerprint fields from `tick` unless given). */
export function record(tick: number, change: Partial<TickRecord> = {}): TickRecord {
  return {
    tick,
    now: 1000 + tick * 16,
    kind: tick === 0 ? 'eval' : 'frame',
    ran: tick === 0 ? 'eval' : 'frame',
    draws: 0,
    timers: 1,
    console: 0,
    consoleText: 0,
    dom: 7,
    viewport: '300×150@1',
    animations: 0,
    ...change,
  };
}

export const ticks = (
  records: TickRecord[],
  mode: 'paused' | 'replaying',
  tick = records[records.length - 1]?.tick ?? 0,
): RuntimeMessage => ({
  type: 'ticks',
  records,
  state: { mode, tick, now: 1000 + tick * 16, nextDue: null },
});

export const settle = () => new Promise((r) => setTimeout(r, 0));
