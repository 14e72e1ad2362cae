/**
 * Wires the run loop into the preview: captures the real task, frame and time sources
 * before anything can replace them, records input from the start, and installs the
 * virtual clock and seeded randomness just before the entry module is evaluated.
 */
import {
  environmentOfInput,
  EVAL_INPUT,
  RESIZE_INPUT,
  type ConsoleCode,
  type HostMessage,
  type InputRecord,
  type LoopState,
  type ReplayTarget,
  type TickRecord,
  type Viewport,
} from '../../protocol/index.ts';
import {
  animatedDocument,
  createAnimationSync,
  type AnimationSync,
  type SyncedAnimation,
} from './animations.ts';
import { watchEnvironment } from './environment.ts';
import { installAnimationFinish } from './animation-finish.ts';
import { followVirtualEventTime, followVirtualTimeline } from './document-timeline.ts';
import { createSceneReader } from './scene.ts';
import {
  createFetchRecorder,
  FETCH_INPUT,
  type FetchRecorder,
  type Settlement,
} from './fetch-record.ts';
import { createGuardedCall } from '../guarded-call.ts';
import { domHash } from './tick-hashes.ts';
import { dispatchInput, installInputRecorder, targetOf } from './inputs.ts';
import { createRandom, installRandom, type SeededRandom } from './random.ts';
import { createTickLoop, type TickLoop } from './tick-loop.ts';
import { createViewportTracker, fingerprintViewport, waitForViewport } from './viewport.ts';
import { createEnvironment, liveChangeInput, type EnvironmentFields } from './environment-reads.ts';
import { warnOnUncontrolledApis } from './uncontrolled.ts';
import { installActivationGuard, type ActivationGuard } from './activation-guard.ts';
import { installWorkerLimit } from './worker-limit.ts';
import { installVirtualClock } from './virtual-clock.ts';
import { installVirtualMessaging } from './virtual-messaging.ts';
import { evalInput, recordedEval } from './eval-input.ts';
import { installLingeringEvent } from './lingering-event.ts';

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
  /** Evaluates a console input line, inside its tick (live, and again in every replay). */
  evaluate(source: string, prepared?: ConsoleCode): void;
  /** Asks the host to size this frame (a replay's recorded viewport; null: fill the pane). */
  viewport?(size: Viewport | null): void;
}

export interface RunLoop {
  /** The tick running now; 0 before and during evaluation. */
  tick(): number;
  /** Virtual time (ms since epoch), read where the program cannot replace it; 0 before install. */
  now(): number;
  /** Installs the clock and randomness (the runtime's `beforeEvaluate`); a replay's inputs serve its fetches. */
  install(
    seed: number,
    startTime: number,
    replay?: Omit<ReplayTarget, 'tick'>,
    /** The speed the run plays at once evaluated (the run message's; default 1×). */
    speed?: number,
  ): void;
  /** Calls `then` once the frame has a replay's tick-0 `viewport` (at once without one). */
  whenSized(viewport: Viewport | undefined, then: () => void): void;
  /** Tick 0 is done: play, or replay to `replay.tick` and pause. */
  evaluated(replay?: { tick: number; inputs: InputRecord[] }): void;
  /** play / pause / step / run-until / evaluate from the host. */
  control(message: HostMessage): void;
}

type EvalMessage = Extract<HostMessage, { type: 'evaluate' }>;

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

  const viewportDeps = {
    win,
    request: (size: Viewport | null) => host.viewport?.(size),
    hop,
    realNow,
  };
  const viewport = createViewportTracker(viewportDeps);
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
  let popups: ActivationGuard | null = null;
  /** The program's evaluation (tick 0) has ended. */
  let evaluatedYet = false;
  let speed = 1;
  let startPaused = false;
  let earlyStep = 0;
  /** Console evaluations sent before tick 0 was recorded; null once they can run as ticks. */
  let earlyEvals: EvalMessage[] | null = [];
  const runEval = ({ source, prepared }: EvalMessage) => {
    if (!loop?.runInput(evalInput(source, prepared)))
      host.warn('Playpen: a console evaluation sent during a replay was not run.');
  };
  const evalsReady = () =>
    hop(() => {
      const early = earlyEvals ?? [];
      earlyEvals = null;
      for (const message of early) runEval(message);
    });

  let animationSync: AnimationSync | null = null;
  // Before the input recorder: it stops the real events it blocks.
  watchEnvironment(win, {
    inSync: () => loop?.inSync ?? true,
    touched: (nodes) => animationSync?.environment(nodes),
  });
  installInputRecorder(win, {
    mode: () => loop?.mode ?? 'paused',
    inSync: () => loop?.inSync ?? true,
    playingRecording: () => loop?.playingRecording ?? false,
    begin: (partial) => {
      const input = loop!.beginInput(partial);
      popups?.input(input.type, input.now, false);
      return input;
    },
    focusTaken: () => host.focusTaken?.(),
  });

  return {
    tick: () => loop?.tick ?? 0,
    now: () => virtualNow(),
    whenSized: (size, then) => (size ? waitForViewport(viewportDeps, size, then) : then()),
    install(seed, startTime, replay, runSpeed) {
      if (typeof runSpeed === 'number' && Number.isFinite(runSpeed)) speed = runSpeed;
      viewport.start(replay?.viewport);
      const world = createEnvironment(win, replay?.environment);
      /** An environment tick's record fields, until that tick is recorded. */
      let changed: EnvironmentFields = {};
      random = createRandom(seed);
      installRandom(win, random);
      const clock = installVirtualClock(win, { startTime, reportError, guard });
      virtualNow = () => clock.now();
      // The program's own setTimeout (faked): each message is a counted timer tick.
      const setTimer = win.setTimeout;
      installVirtualMessaging(win, (fn) => setTimer(fn, 0));
      const recorded = (replay?.inputs ?? []).filter((i) => i.type === FETCH_INPUT);
      const swap = replay?.swap;
      const swapped = swap && [
        ...swap.inputs.map((i) => i.input).filter((i) => i.type === FETCH_INPUT),
        ...swap.later,
      ];
      fetches = createFetchRecorder(
        {
          fetch: realFetch,
          settled: (s) => (loop?.mode === 'playing' ? deliver(s) : held.push(s)),
          base: () => win.document.baseURI,
        },
        // A hot swap's new code may ask in another order: served by request.
        swapped ? { byRequest: swapped } : new Map(recorded.map((i) => [Number(i.init.index), i])),
      );
      (win as unknown as { fetch: typeof fetch }).fetch = fetches.fetch;
      warnOnUncontrolledApis(win, host.warn);
      installWorkerLimit(win);
      popups = installActivationGuard(win, {
        now: () => clock.now(),
        // A replay's tick 0 (the program's evaluation) runs before the loop is told to replay.
        replaying: () => loop?.mode === 'replaying' || (replay !== undefined && !evaluatedYet),
        tick: () => loop?.tick ?? 0,
        warn: host.warn,
      });
      followVirtualEventTime(win, clock.perfNow);
      const lingering = installLingeringEvent(win, hop, (event) => event.target === channel.port1);
      // Animations finish as ticks of their own at their virtual ends (animation-finish.ts).
      const finishes = installAnimationFinish(win, clock.schedule, clock.perfNow);
      const sync = createAnimationSync(animatedDocument(win), (animation, at, time, rate) =>
        finishes(animation as Animation, at, time, rate),
      );
      animationSync = sync;
      let animations: SyncedAnimation[] = [];
      const readScene = createSceneReader(win, () =>
        fingerprintViewport(viewport, win, loop?.mode === 'replaying'),
      );
      followVirtualTimeline(win.document, clock.perfNow);
      // Registered before the program's listeners: a hot swap stops where the new code throws.
      win.addEventListener('error', (event) => event.target === win && loop?.threw());
      win.addEventListener('unhandledrejection', () => loop?.threw());
      loop = createTickLoop({
        clock,
        speed,
        hop,
        frame: (fn) => realRaf(() => fn(realNow())),
        realNow,
        reportError,
        draws: () => random!.draws,
        consoleCount: host.consoleCount,
        consoleText: host.consoleText,
        domHash: () => domHash(win.document),
        dispatchInput: (input) => {
          if (input.type === FETCH_INPUT) return fetches!.settle(input);
          if (input.type === EVAL_INPUT) return host.evaluate(...recordedEval(input));
          const env = environmentOfInput(input);
          if (env) return void (changed = world.give(env));
          popups!.input(input.type, input.now, loop?.mode === 'replaying');
          lingering.hold(dispatchInput(win, input));
          // Media queries are evaluated after the resize steps, as a browser does.
          if (input.type === RESIZE_INPUT) world.resized();
        },
        scene(tick) {
          const fields = tick === 0 ? world.start : changed;
          changed = {};
          return { ...readScene(tick, animations), ...fields };
        },
        liveChange: () => liveChangeInput(viewport, world),
        swap: {
          deliver: (input) => {
            const { tick: _tick, now: _now, ...part } = input;
            if (input.type === FETCH_INPUT) return fetches!.claimed(input);
            return targetOf(win.document, input) ? part : 'gone';
          },
          landed: () => fetches!.goLive(),
        },
        syncAnimations: (at, discover) => {
          animations = sync(at, discover);
        },
        send: host.send,
        tickStarted: host.tickStarted,
        viewport,
      });
    },
    evaluated(replay) {
      evaluatedYet = true;
      if (!loop) return;
      if (replay) {
        loop.evaluated(replay);
        return evalsReady();
      }
      loop.evaluated();
      if (startPaused) {
        hop(() => {
          loop!.pause();
          for (; earlyStep > 0; earlyStep--) loop!.step();
        });
      }
      evalsReady();
    },
    control(message) {
      if (message.type === 'evaluate') {
        // Its own real task, after the tick before it and its microtasks.
        if (earlyEvals) earlyEvals.push(message);
        else hop(() => runEval(message));
        return;
      }
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
