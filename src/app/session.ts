import { createConsoleStore, type ConsoleStore } from '../console/console-store';
import { createPreviewHost, type PreviewHost } from '../preview/preview-host';
import type { Program } from '../protocol';
import { createProjectStore, type ProjectStore } from '../project/store';
import { createDefaultProject } from '../project/templates';
import { createBundlerClient } from '../run/bundler-client';
import { createRunController, type RunController, type RunInfo } from '../run/controller';
import { createSettingsStore, type SettingsStore } from '../settings/settings-store';
import { createRunTimeline } from '../run/run-timeline';
import type { Timeline } from '../run/timeline';

/** Everything one open playground needs, wired together; React only renders it. */
export interface Session {
  settings: SettingsStore;
  project: ProjectStore;
  console: ConsoleStore;
  controller: RunController;
  /** Play, pause, step and seek the current run. */
  timeline: Timeline;
  /** Attaches the preview pane's element; returns a detach function. */
  attachPreview(container: HTMLElement): () => void;
  dispose(): void;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createSession(): Session {
  const settings = createSettingsStore(safeLocalStorage());
  const project = createProjectStore(createDefaultProject());
  const consoleStore = createConsoleStore();
  const bundler = createBundlerClient({
    createWorker: () =>
      new Worker(new URL('../../workers/bundler.worker.ts', import.meta.url), {
        type: 'module',
        name: 'playpen-bundler',
      }),
    onRestart: () =>
      consoleStore.push({
        kind: 'notice',
        text: 'The bundler stopped unexpectedly and was restarted.',
      }),
  });

  let host: PreviewHost | null = null;
  // A run started before the preview pane mounted waits here.
  let pending: { program: Program; run: RunInfo } | null = null;
  let current: { program: Program; run: RunInfo } | null = null;
  let controller: RunController | null = null;
  const timeline = createRunTimeline({
    console: consoleStore,
    getHost: () => host,
    getCurrent: () => current,
    getDiagnostics: () => controller?.getState().diagnostics ?? [],
    getOptions: () => {
      const s = settings.getState();
      return {
        standby: s.replayStandby,
        maxTicks: s.historyMaxTicks,
        maxBytes: s.historyMaxMB * 1024 * 1024,
      };
    },
  });

  controller = createRunController({
    build: (request) => bundler.build(request),
    getProject: () => project.getState().project,
    getCdnBase: () => settings.getState().cdnBase,
    startPreview(program, run) {
      consoleStore.setProgram(program);
      current = { program, run };
      timeline.startRun(run, run.startTime);
      if (host) void host.start(program, run);
      else pending = { program, run };
    },
    stopPreview: () => {
      timeline.stop();
      host?.stop();
    },
    // Each build starts the console afresh: its diagnostics, then the new run's output.
    onBuild(result) {
      consoleStore.clear(null);
      for (const diagnostic of result.diagnostics)
        consoleStore.push({ kind: 'diagnostic', diagnostic });
    },
    onBundlerError: (error) => consoleStore.push({ kind: 'notice', text: error.message }),
  });

  const runController = controller;
  const unsubscribeTimeline = timeline.subscribe(() => {
    const t = timeline.getState();
    runController.setPaused(t.active && t.mode !== 'playing');
  });

  const applySettings = () => {
    const s = settings.getState();
    runController.setAutoRun(s.autoRun, s.autoRunDelayMs);
  };
  applySettings();
  const unsubscribeSettings = settings.subscribe(applySettings);

  let lastFiles = project.getState().project.files;
  let lastEntry = project.getState().project.entry;
  const unsubscribeProject = project.subscribe(() => {
    const { files, entry } = project.getState().project;
    if (files === lastFiles && entry === lastEntry) return;
    lastFiles = files;
    lastEntry = entry;
    runController.scheduleAutoRun();
  });

  return {
    settings,
    project,
    console: consoleStore,
    controller: runController,
    timeline,
    attachPreview(container) {
      host = createPreviewHost({
        container,
        previewUrl: new URL('preview.html', document.baseURI).href,
        onMessage(runId, message, run) {
          if (runId !== runController.getState().runId) return;
          runController.handleRuntime(runId, message);
          if (timeline.handle(run, message)) consoleStore.pushRuntime(message);
        },
        onHang(runId) {
          runController.handleHang(runId);
          if (runController.getState().status === 'not-responding') {
            consoleStore.push({
              kind: 'notice',
              text: 'The preview stopped responding (a long or infinite loop?) and was stopped. Fix the code and press Run.',
            });
          }
        },
        onStartError: (error) => {
          timeline.replayFailed();
          consoleStore.push({ kind: 'notice', text: error.message });
        },
      });
      if (pending) {
        void host.start(pending.program, pending.run);
        pending = null;
      }
      return () => {
        host?.dispose();
        host = null;
      };
    },
    dispose() {
      unsubscribeSettings();
      unsubscribeProject();
      unsubscribeTimeline();
      runController.dispose();
      host?.dispose();
      bundler.dispose();
    },
  };
}
