/**
 * Runs in share links, both ways: the run a link can carry (the current run, while the code
 * is still what it ran), and the run a link opened with, which the first run replays so the
 * page lands paused where the sender was.
 */
import type { Program, Project } from '../protocol';
import type { ProjectStore } from '../project/model/store';
import type { SharedRun } from '../project/share/run-share';
import type { RecordedStart, RunInfo } from '../run/controller';
import type { RecordedLanding, Timeline } from '../run/timeline';

export interface RunSharingDeps {
  /** The open project (a run is shareable only while its files are the ones it ran). */
  project: ProjectStore;
  /** The run's timeline: tick, last tick and recorded inputs. */
  timeline(): Timeline;
  /** Program and run info of the current run. */
  current(): { program: Program; run: RunInfo } | null;
  /** The run the page's link carried, if any. */
  opened?: SharedRun;
}

export interface RunSharing {
  /** The project a build starts from, noted so a run is known to match the code. */
  building(project: Project): Project;
  /** The link's run, asked once by the first run; none if the code was edited before it. */
  takeRecording(): RecordedStart | undefined;
  /** A run started: where its timeline lands when it replays the link's run. */
  started(run: RunInfo): RecordedLanding | undefined;
  /** The current run as a link carries it; null without a run, or when the code changed since. */
  shareable(): SharedRun | null;
}

export function createRunSharing(deps: RunSharingDeps): RunSharing {
  const linkFiles = deps.project.getState().project.files;
  let opened = deps.opened;
  let landing: SharedRun | undefined;
  let building: Project['files'] | null = null;
  let running: Project['files'] | null = null;
  return {
    building(project) {
      building = project.files;
      return project;
    },
    takeRecording() {
      const run = opened;
      opened = undefined;
      if (!run || deps.project.getState().project.files !== linkFiles) return undefined;
      landing = run;
      const { seed, startTime, tick, inputs, viewport, environment } = run;
      // At the sender's start, not the receiver's pane: a layout read replays what it read.
      const start = { ...(viewport ? { viewport } : {}), ...(environment ? { environment } : {}) };
      // Straight to the sender's tick, once; the timeline knows the rest up to `lastTick`.
      return { seed, startTime, replay: { tick, inputs, ...start } };
    },
    started(run) {
      running = building;
      const land = landing && run.replay ? landing : undefined;
      landing = undefined;
      return land && { landAt: land.tick, lastTick: land.lastTick, inputs: land.inputs };
    },
    shareable() {
      const current = deps.current();
      const timeline = deps.timeline();
      const t = timeline.getState();
      if (!current || !t.active || t.mode === 'replaying') return null;
      if (deps.project.getState().project.files !== running) return null;
      const viewport = timeline.startViewport();
      const environment = timeline.startEnvironment();
      const { logpoints } = deps.project.getState();
      return {
        ...(viewport ? { viewport } : {}),
        ...(environment ? { environment } : {}),
        seed: current.run.seed,
        startTime: current.run.startTime,
        tick: t.tick,
        lastTick: t.lastTick,
        inputs: timeline.inputsUpTo(t.lastTick),
        ...(logpoints.length ? { logpoints: [...logpoints] } : {}),
      };
    },
  };
}
