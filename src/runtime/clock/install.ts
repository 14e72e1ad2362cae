/**
 * Wires the run loop into the preview: captures the real task, frame and time sources
 * before anything can replace them, records input from the start, and installs the
 * virtual clock and seeded randomness just before the entry module is evaluated.
 */
import type { HostMessage, InputRecord, LoopState, TickRecord } from '../../protocol/index.ts';
import { createAnimationSync } from './animations.ts';
import {
  createFetchRecorder,
  FETCH_INPUT,
  type FetchRecorder,
  type Settlement,
} from './fetch-record.ts';
import { createGuardedCall } from '../guarded-call.ts';
import { domHash } from './tick-hashes.ts';
import { dispatchInput, installInputRecorder } from './inputs.ts';
import { createRandom, installRandom, type SeededRandom } from './random.ts';
import { createTickLoop, type TickLoop } from './tick-loop.ts';
import { warnOnUncontrolledApis } from './uncontrolled.ts';
import { installVirtualClock } from './virtual-clock.ts';
import { installVirtualMessaging } from './virtual-messaging.ts';

export interface RunLoopHost {
  /** Console calls so far (fingerprint). */
  consoleCount(): number;
  /** Hash of the console output so far (fingerprint). */
  consoleText(): number;
  /** Sends tick records and the loop state to the host. */
  send(records: TickRecord[], state: LoopState): void;
  /** A console warning from the runtime (shown with its tick). */
  warn(text: string): void;
  /** Each tick after tick 0 begins (replays run many ticks in one real task). */
  tickStarted?(tick: number, replaying: boolean): void;
  /** The program (or a replay) moved keyboard focus into the frame: the host takes it back. */
  focusTaken?(): void;
}

export interface RunLoop {
  /** The tick running now; 0 before and during evaluation. */
  tick(): number;
  /** Virtual time (ms since epoch), read where the program cannot replace it; 0 before install. */
  now(): number;
  /** Installs the clock and randomness (the runtime's `beforeEvaluate`); a replay's inputs serve its fetches. */
  install(seed: number, startTime: number, replay?: { inputs: InputRecord[] }): void;
  /** Tick 0 is done: play, or replay to `replay.tick` and pause. */
  evaluated(replay?: { tick: number; inputs: InputRecord[] }): void;
  /** play / pause / step / run-until from the host. */
  control(message: HostMessage): void;
}

export function createRunLoop(win: Window & typeof globalThis, host: RunLoopHost): RunLoop {
  const RealChannel = win.MessageChannel;
  const portPost = MessagePort.prototype.postMessage;
  const realRaf = win.requestAnimationFrame.bind(win);
  const realPerf = win.performance;
  const realNow = () => realPerf.now();
  const reportError = win.reportError.bind(win);
  const guard = createGuardedCall(win);
  const realFetch = win.fetch.bind(win);

  const channel = new RealChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  const hop = (fn: () => void) => {
    queue.push(fn);
    portPost.call(channel.port2, null);
  };

  let loop: TickLoop | null = null;
  let virtualNow = () => 0;
  let fetches: FetchRecorder | null = null;
  /** Fetch settlements that arrived while not playing: they become ticks on play or step. */
  const held: Settlement[] = [];
  const deliver = (settlement: Settlement) => {
    if (!loop || !fetches?.waiting(Number(settlement.init.index))) return;
    fetches.settle(loop.beginInput(settlement));
  };
  const deliverHeld = () => {
    for (const settlement of held.splice(0))
      hop(() => (loop?.mode === 'playing' ? deliver(settlement) : held.push(settlement)));
  };
  let random: SeededRandom | null = null;
  let speed = 1;
  let startPaused = false;
  let earlyStep = 0;

  installInputRecorder(win, {
    mode: () => loop?.mode ?? 'paused',
    inSync: () => loop?.inSync ?? true,
    playingRecording: () => loop?.playingRecording ?? false,
    begin: (partial) => loop!.beginInput(partial),
    focusTaken: () => host.focusTaken?.(),
  });

  return {
    tick: () => loop?.tick ?? 0,
    now: () => virtualNow(),
    install(seed, startTime, replay) {
      random = createRandom(seed);
      installRandom(win, random);
      const clock = installVirtualClock(win, { startTime, reportError, guard });
      virtualNow = () => clock.now();
      // The program's own setTimeout (faked): each message is a counted timer tick.
      const setTimer = win.setTimeout;
      installVirtualMessaging(win, (fn) => setTimer(fn, 0));
      const recorded = (replay?.inputs ?? []).filter((i) => i.type === FETCH_INPUT);
      fetches = createFetchRecorder(
        {
          fetch: realFetch,
          settled: (s) => (loop?.mode === 'playing' ? deliver(s) : held.push(s)),
        },
        new Map(recorded.map((i) => [Number(i.init.index), i])),
      );
      (win as unknown as { fetch: typeof fetch }).fetch = fetches.fetch;
      warnOnUncontrolledApis(win, host.warn);
      // Event.timeStamp is the real time otherwise; within a tick virtual time stands still,
      // so the tick's virtual time is the event's (replayed events then match live ones).
      Object.defineProperty(win.Event.prototype, 'timeStamp', {
        configurable: true,
        get: () => clock.perfNow(),
      });
      loop = createTickLoop({
        clock,
        hop,
        frame: (fn) => realRaf(() => fn(realNow())),
        realNow,
        reportError,
        draws: () => random!.draws,
        consoleCount: host.consoleCount,
        consoleText: host.consoleText,
        domHash: () => domHash(win.document),
        dispatchInput: (input) =>
          input.type === FETCH_INPUT ? fetches!.settle(input) : dispatchInput(win, input),
        syncAnimations: createAnimationSync(win.document, clock.perfNow),
        send: host.send,
        tickStarted: host.tickStarted,
      });
    },
    evaluated(replay) {
      if (!loop) return;
      if (replay) return loop.evaluated(replay);
      loop.evaluated();
      if (startPaused) {
        hop(() => {
          loop!.pause();
          for (; earlyStep > 0; earlyStep--) loop!.step();
        });
      }
    },
    control(message) {
      if (message.type === 'play') speed = message.speed;
      if (!loop) {
        if (message.type === 'pause') startPaused = true;
        if (message.type === 'play') startPaused = false;
        if (message.type === 'step') earlyStep++;
        return;
      }
      switch (message.type) {
        case 'play':
          loop.play(speed, message.recording);
          // A recording settles its fetches at their recorded ticks.
          if (message.recording) return;
          held.push(...fetches!.orphans());
          return deliverHeld();
        case 'pause':
          return loop.pause();
        case 'step': {
          // A response that arrived while paused is the next tick.
          held.push(...fetches!.orphans());
          const settlement = held.shift();
          if (!settlement) return loop.step();
          deliver(settlement);
          return hop(() => loop!.pause());
        }
        case 'run-until':
          return loop.runUntil(message.tick, message.inputs);
      }
    },
  };
}
