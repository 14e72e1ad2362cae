/**
 * The Playpen API as the embed answers it, on the session's public actions: the project
 * store's, the run controller's and the timeline's (the same ones the embed's buttons use).
 * Each method resolves once its effect lasts (a pause once the preview says where it rests)
 * and rejects with a sentence for the host's developer when the call cannot be done.
 */
import type { Project } from '../protocol';
import type { TickState } from '../protocol/embed';
import type { FormatResult } from '../format/format-types';
import { findPrettierConfig } from '../format/prettier-config';
import type { ProjectStore } from '../project/model/store';
import { encodeProject } from '../project/share/share-codec';
import { runLinkProblem, type SharedRun } from '../project/share/run-share';
import { shareUrl } from '../project/share/share-url';
import type { RunController } from '../run/controller';
import type { Timeline, TimelineState } from '../run/timeline-types';
import type { EmbedApi } from './bridge';
import { textsOf, withFiles } from './embed-project';
import { nextBuild, restingTick } from './run-events';

export interface EmbedApiDeps {
  project: ProjectStore;
  controller: Pick<RunController, 'getState' | 'subscribe' | 'run'>;
  timeline: Timeline;
  /** Prettier, in the session's format worker. */
  format(request: {
    path: string;
    text: string;
    config: ReturnType<typeof findPrettierConfig>;
  }): Promise<FormatResult>;
  /** The current run as a share link carries it (null: none, or the code changed since). */
  shareable(): SharedRun | null;
  /** The full app's address (a share link opens there, not in an embed). */
  appBase: string;
  /** What reset() restores. */
  initial: Project;
}

/** Waits until the timeline rests in a state `want` accepts; rejects when the run ends first. */
export function settle(
  timeline: Pick<Timeline, 'getState' | 'subscribe'>,
  want: (state: TimelineState) => boolean,
): Promise<TickState> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const check = () => {
      const state = timeline.getState();
      const rest = restingTick(state);
      if (!state.active) {
        unsubscribe();
        reject(
          new Error(
            'The run ended before it got there (a new build started, or the preview stopped).',
          ),
        );
      } else if (rest && want(state)) {
        unsubscribe();
        resolve(rest);
      }
    };
    unsubscribe = timeline.subscribe(check);
    check();
  });
}

const paused = (s: TimelineState) => s.mode === 'paused';

export function createEmbedApi(deps: EmbedApiDeps): EmbedApi {
  const { project, controller, timeline } = deps;

  /** The run, resting: rejects when there is none to control. */
  const atRest = async () => {
    if (!timeline.getState().active) {
      const { status, detail } = controller.getState();
      throw new Error(
        status === 'build-failed' || status === 'not-responding'
          ? `Nothing is running: ${detail ?? 'the last build failed'}`
          : 'Nothing is running yet: call run() (or wait for the first run).',
      );
    }
    return settle(timeline, () => true);
  };

  const fileText = (path: string) => {
    const file = project.getState().project.files;
    if (!Object.hasOwn(file, path)) throw new Error(`There is no file “${path}” in the project.`);
    return file[path]!;
  };

  return {
    run() {
      const outcome = nextBuild(controller);
      void controller.run();
      return outcome;
    },
    async play() {
      await atRest();
      timeline.play();
      return settle(timeline, (s) => s.mode === 'playing');
    },
    async pause() {
      await atRest();
      timeline.pause();
      return settle(timeline, paused);
    },
    async stepForward() {
      const at = await atRest();
      if (!timeline.getState().canStepForward)
        throw new Error(
          `Nothing to step to from tick ${at.tick}: no timer, animation frame or recorded tick is due.`,
        );
      timeline.stepForward();
      return settle(timeline, paused);
    },
    async stepBack() {
      const at = await atRest();
      const { firstTick } = timeline.getState();
      if (at.tick <= firstTick)
        throw new Error(`Already at tick ${at.tick}, the first one the run still holds.`);
      timeline.stepBack();
      return settle(timeline, paused);
    },
    async seek({ tick }) {
      await atRest();
      const { firstTick, lastTick } = timeline.getState();
      if (tick < firstTick || tick > lastTick)
        throw new Error(
          `Tick ${tick} is not in the run: it holds ticks ${firstTick} to ${lastTick}.`,
        );
      timeline.seek(tick);
      return settle(timeline, paused);
    },
    getFiles: () => textsOf(project.getState().project),
    setFiles({ files }) {
      const { project: current, activePath } = project.getState();
      const next = withFiles(current, files);
      if (!next.ok) throw new Error(next.error);
      project.replace(next.project);
      if (activePath !== null && Object.hasOwn(next.project.files, activePath))
        project.setActive(activePath);
      return null;
    },
    updateFile({ path, text }) {
      const files = project.getState().project.files;
      const file = Object.hasOwn(files, path) ? files[path] : undefined;
      if (file?.kind === 'text') project.setText(path, text);
      else {
        const added = project.addFiles({ [path]: { kind: 'text', text } });
        if (!added.ok) throw new Error(added.error);
      }
      return null;
    },
    openFile({ path }) {
      fileText(path);
      project.setActive(path);
      return null;
    },
    async format() {
      const path = project.getState().activePath;
      if (path === null) throw new Error('No file is open to format.');
      const file = fileText(path);
      if (file.kind !== 'text') throw new Error(`“${path}” is not a text file.`);
      const config = findPrettierConfig(project.getState().project.files);
      const result = await deps.format({ path, text: file.text, config });
      if (!result.ok) throw new Error(result.error);
      // Typed over while Prettier worked: the learner's text wins.
      if (fileText(path) === file) project.setText(path, result.text);
      return null;
    },
    getShareUrl({ includeRun }) {
      const { project: current, activePath } = project.getState();
      const run = includeRun ? deps.shareable() : undefined;
      if (run === null)
        throw new Error(
          'There is no run to share: nothing has run yet, or the code changed since it ran. Call run() first.',
        );
      const fragment = encodeProject(current, {
        ...(activePath !== null ? { open: activePath } : {}),
        ...(run ? { run } : {}),
      });
      const url = shareUrl(deps.appBase, fragment);
      const problem = run && runLinkProblem(run, url.length);
      if (problem) throw new Error(problem);
      return url;
    },
    reset() {
      project.replace(deps.initial);
      return null;
    },
  };
}
