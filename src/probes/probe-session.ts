/**
 * One probed replay of one run (docs/logpoints.md, "The probed replay"): instruments the
 * program, replays the recording in a hidden frame to its last tick, follows the recording as it
 * grows, and accumulates what the probes found. The manager (ask-past.ts) decides when one starts
 * and ends; this knows one run and one set of probes.
 */
import type { PreviewHost } from '../preview/preview-host';
import type { Program } from '../protocol';
import type { RunInfo } from '../run/controller';
import type { Timeline } from '../run/timeline';
import { startProbeFrame, type FrameClock, type ProbeFrame } from './probe-frame';
import {
  probedProgram,
  type Instrument,
  type ProbedProgram,
  type ProbeRequest,
} from './probed-program';
import { addHits, addLineRuns, addTicks, emptyFindings, type ProbeFindings } from './probe-results';
import { perfMeasure } from '../run/perf-marks';

export type SessionPhase =
  /** The probe worker is instrumenting the program. */
  | 'preparing'
  /** The hidden frame replays toward the recording's last tick. */
  | 'replaying'
  /** It rests at the recording's last tick (and moves on as the recording grows). */
  | 'current'
  /** It stopped: a hang, a frame that could not start, or the worker failed (`problem` says). */
  | 'stopped';

export interface SessionStatus {
  phase: SessionPhase;
  /** Why it stopped, in plain words. */
  problem: string | null;
  /** Set once the replay rested short of the recording's end (it ran out): the tick it stopped at. */
  ranOutAt: number | null;
}

export interface ProbeSessionDeps {
  host: Pick<PreviewHost, 'hiddenFrame' | 'startHidden' | 'handleHostMessage'>;
  timeline: Pick<
    Timeline,
    'getState' | 'inputsUpTo' | 'recordAt' | 'startViewport' | 'startEnvironment'
  >;
  program: Program;
  run: RunInfo;
  request: ProbeRequest;
  instrument: Instrument;
  /** Something changed (findings, status): the caller reads and throttles; `settled`: it came to rest or stopped. */
  changed(settled?: boolean): void;
  clock?: FrameClock;
}

export interface ProbeSession {
  readonly request: ProbeRequest;
  /** The instrumented program's placements, once prepared. */
  probed(): ProbedProgram | null;
  findings(): ProbeFindings;
  status(): SessionStatus;
  /** The recording reaches `tick` now: the replay follows. */
  follow(tick: number): void;
  dispose(): void;
}

export function createProbeSession(deps: ProbeSessionDeps): ProbeSession {
  const { timeline, run, request } = deps;
  let probed: ProbedProgram | null = null;
  let frame: ProbeFrame | null = null;
  let findings = emptyFindings(0, 0);
  let status: SessionStatus = { phase: 'preparing', problem: null, ranOutAt: null };
  let disposed = false;
  /** It has rested at the recording's end once (caught up with the replay from tick 0). */
  let rested = false;
  /** The newest tick asked for before the frame existed. */
  let wanted = timeline.getState().lastTick;

  const stop = (problem: string) => {
    status = { ...status, phase: 'stopped', problem };
    frame?.dispose();
    frame = null;
    deps.changed(true);
  };

  const replayTarget = (tick: number) => {
    const viewport = timeline.startViewport();
    const environment = timeline.startEnvironment();
    return {
      tick,
      inputs: timeline.inputsUpTo(tick),
      ...(viewport ? { viewport } : {}),
      ...(environment ? { environment } : {}),
    };
  };

  const began = performance.now();
  let replayFrom = 0;
  const start = (made: ProbedProgram) => {
    perfMeasure('playpen:probe:instrument', began, null);
    replayFrom = performance.now();
    probed = made;
    findings = emptyFindings(made.sites.length, made.lines.length);
    status = { ...status, phase: 'replaying' };
    frame = startProbeFrame(
      deps.host,
      made.program,
      { ...run, replay: replayTarget(wanted), probes: made.plan },
      {
        probes(message) {
          if (message.type === 'probe-hits') addHits(findings, message.hits, message.over);
          else addLineRuns(findings, message.lines);
        },
        ticks(records, state) {
          addTicks(findings, records, state.tick, (tick) => timeline.recordAt(tick));
          const first = !rested;
          if (state.mode === 'paused' && frame) {
            const short = frame.ranOut();
            const behind = !short && frame.target() > state.tick;
            status = {
              ...status,
              phase: behind ? 'replaying' : 'current',
              ranOutAt: short ? state.tick : null,
            };
          }
          // The first rest ends the wait the user sees; later ones follow a live run (throttled).
          rested ||= status.phase === 'current';
          if (first && rested)
            perfMeasure('playpen:probe:replay', replayFrom, { tick: state.tick });
          deps.changed(first && rested);
        },
        hung: (tick) =>
          stop(
            `The probed replay stopped responding at tick ${tick} (a long or infinite loop?) and was stopped.`,
          ),
        failed: (error) => stop(`The probed replay could not start (${error.message}).`),
      },
      deps.clock,
    );
    deps.changed();
  };

  probedProgram(deps.program, request, deps.instrument).then(
    (made) => {
      if (!disposed) start(made);
    },
    (error: unknown) => {
      if (!disposed)
        stop(`Logpoints could not be added (${error instanceof Error ? error.message : error}).`);
    },
  );

  return {
    request,
    probed: () => probed,
    findings: () => findings,
    status: () => status,
    follow(tick) {
      if (tick <= wanted) return;
      wanted = tick;
      if (!frame) return;
      frame.moveTo(tick, timeline.inputsUpTo(tick));
      if (status.phase === 'current') {
        status = { ...status, phase: 'replaying', ranOutAt: null };
        deps.changed();
      }
    },
    dispose() {
      disposed = true;
      frame?.dispose();
      frame = null;
    },
  };
}
