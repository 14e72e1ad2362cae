import { createConsoleStore } from '../console/console-store';
import { createPreviewHost, type PreviewHost } from '../preview/preview-host';
import type { Program, Project, RuntimeMessage } from '../protocol';
import { createProjectStore } from '../project/model/store';
import { createDefaultProject } from '../project/templates';
import { createBundlerClient } from '../run/bundler-client';
import { bundlerWarmUp } from '../run/bundler-warm-up';
import { createRunController, type RunController, type RunInfo } from '../run/controller';
import { createHangMemory } from '../run/hang-memory';
import { createHangWatch } from '../run/hang-watch';
import { createSettingsStore } from '../settings/settings-store';
import type { Startup } from './startup';
import type { Session } from './session-types';
import { browserUrlBar, createViewStore } from './view-store';
import { scopeReadOnlyToLink } from './read-only-scope';
import { followSettings } from './follow-settings';
import { createPersistence } from '../project/storage/persistence';
import { createIdbBackend } from '../project/storage/idb-backend';
import { createMemoryBackend } from '../project/storage/memory-backend';
import { wireTimeline } from '../run/timeline-wiring';
import { createConsoleEvaluator } from '../run/console-evaluator';
import { createParkedPreviews, type ParkedPreviews } from '../run/step-back/parked-previews';
import { perfMark } from '../run/perf-marks';
import { createFormatClient } from '../format/format-client';
import { createSessionPackageTypes } from './package-types';
import { safeLocalStorage, safeSessionStorage } from '../ui/safe-storage';
import { createRunSharing } from './run-sharing';
import { createHotSwap } from '../run/hot-swap';
import { createProblemsStore } from '../problems/problems-store';
import { followRuns } from '../problems/follow-runs';
import { editorFirstPaint, openLanguageWorkersAfterFirstRun } from './first-run-gates';
import { createFirstPrograms } from './first-program';
import { previewNews } from './preview-news';
import { createAskPast } from '../probes/ask-past';
import { createProbeWorkerClient } from '../probes/probe-worker-client';
import { sdkSettings } from './sdk-settings';

export type { Session } from './session-types';

/** Longest wait for the pre-run save (as long as restoring may take, persistence.ts); past it the run goes ahead with a storage warning. */
const PRE_RUN_SAVE_MS = 4000;
/** Longest a new build keeps the last run's console shown while its own output is on the way. */
const CONSOLE_HOLD_MS = 250;

const PLAIN_START: Startup = { fromPermalink: false, readOnly: false, embed: false };

export function createSession(startup: Startup = PLAIN_START): Session {
  // An SDK embed's settings are its host's (theme, autorun), kept in memory only.
  const settings = createSettingsStore(startup.sdk ? null : safeLocalStorage());
  if (startup.sdk) settings.update(sdkSettings(startup.sdk.settings));
  const project = createProjectStore(startup.project ?? createDefaultProject());
  if (startup.openPath) project.setActive(startup.openPath);
  // A shared run's logpoints ("look at these values") come with its project.
  if (startup.run?.logpoints) project.setLogpoints(startup.run.logpoints);
  const view = createViewStore(startup, browserUrlBar);
  const unscopeReadOnly = scopeReadOnlyToLink(view, project);
  const consoleStore = createConsoleStore();
  // An embed is ephemeral: it neither restores nor saves the user's projects ("Open in
  // Playpen" is how to keep its edits), so its saves go to memory only.
  const persistence = createPersistence({
    store: project,
    backend: startup.embed ? createMemoryBackend() : createIdbBackend(),
    local: startup.embed ? null : safeLocalStorage(),
    tab: startup.embed ? null : safeSessionStorage(),
    openedFromLink: startup.fromPermalink,
    channel:
      !startup.embed && typeof BroadcastChannel === 'function'
        ? new BroadcastChannel('playpen:tabs')
        : null,
  });
  // An embed keeps its `#code/` link: a reload shows the embedded project again.
  const unsubscribeLink =
    startup.fromPermalink && !startup.embed
      ? persistence.library.subscribe(() => {
          if (persistence.library.getState().currentId === null) return;
          view.forgetPermalink();
          unsubscribeLink?.();
        })
      : null;
  const { editorShown, editorFirst } = editorFirstPaint();
  // The first run need not wait for esbuild: the default project's program ships with the app,
  // and a program built before for the same files is cached (first-program.ts).
  const firstPrograms = createFirstPrograms({
    cache: startup.embed ? null : undefined,
    warmAfter: editorFirst,
    slot: () => persistence.library.getState().currentId ?? '',
    rerun: () => void controller?.run(),
  });
  const bundler = createBundlerClient({
    holdBuildsUntil: editorFirst,
    startWorkerAfter: editorFirst,
    ...firstPrograms.hooks,
    // A read-only view never builds again; everything else is edited soon after it opens.
    warmUp: startup.readOnly ? undefined : bundlerWarmUp(firstPrograms.hooks.warmAfter),
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
  let parked: ParkedPreviews | null = null;
  // A run started before the preview pane mounted waits here.
  let pending: { program: Program; run: RunInfo } | null = null;
  /** The current run, and which load of the project it ran (a hot swap stays in one project). */
  let current: { program: Program; run: RunInfo; loads: number } | null = null;
  /** The project load the build on its way was made from. */
  let buildingLoads = project.getState().loads;
  let controller: RunController | null = null;
  const previewOutput = new Set<(message: RuntimeMessage) => void>();
  const runSharing = createRunSharing({
    project,
    timeline: () => timeline,
    current: () => current,
    opened: startup.run,
  });
  const { timeline, checkpoints } = wireTimeline({
    console: consoleStore,
    getHost: () => host,
    getParked: () => parked,
    getCurrent: () => current,
    getDiagnostics: () => controller?.getState().diagnostics ?? [],
    getOptions: () => {
      const s = settings.getState();
      return {
        checkpoints: s.replayStandby ? s.replayCheckpoints : 0,
        maxTicks: s.historyMaxTicks,
        maxBytes: s.historyMaxMB * 1024 * 1024,
      };
    },
  });

  // An edit while paused lands the new code at the same moment (docs/architecture.md, "Edit the past").
  const hotSwap = createHotSwap({
    timeline,
    current: () => current,
    enabled: () => settings.getState().keepPlaceOnEdit,
  });

  controller = createRunController({
    build: (request) => bundler.build(request),
    getProject: () => {
      buildingLoads = project.getState().loads;
      return runSharing.building(project.getState().project);
    },
    takeRecording: (fresh) => runSharing.takeRecording() ?? hotSwap.take(fresh, buildingLoads),
    // Saved before code runs, but a storage that never answers must not hold the run. A
    // project just opened holds nothing typed (its template, record, link or files are where it
    // came from): its run goes ahead while it is saved.
    beforeRun: () => (justOpened() ? undefined : persistence.autosave.flush(PRE_RUN_SAVE_MS)),
    getCdnBase: () => settings.getState().cdnBase,
    startPreview(program, run) {
      // The frame gets its program before the app's own updates for the run.
      if (host) void host.start(program, run);
      else pending = { program, run };
      consoleStore.setProgram(program);
      current = { program, run, loads: buildingLoads };
      timeline.startRun(run, run.startTime, runSharing.started(run) ?? hotSwap.started(run));
    },
    stopPreview: () => {
      timeline.stop();
      checkpoints.drop();
      host?.stop();
    },
    // Each build starts the console afresh: its diagnostics, then the new run's output, which
    // replaces the last run's in one render (no empty console, no render on the run's way).
    onBuild(result) {
      consoleStore.clear(null, { holdMs: CONSOLE_HOLD_MS });
      for (const diagnostic of result.diagnostics)
        consoleStore.push({ kind: 'diagnostic', diagnostic });
    },
    onBundlerError: (error) => consoleStore.push({ kind: 'notice', text: error.message }),
  });

  const runController = controller;
  openLanguageWorkersAfterFirstRun(runController, editorFirst);
  firstPrograms.follow(runController);
  const problems = createProblemsStore();
  const unfollowRuns = followRuns(problems, runController);
  const unsubscribeTimeline = timeline.subscribe(() => {
    const t = timeline.getState();
    runController.setPaused(t.active && t.mode !== 'playing');
  });

  const hang = createHangWatch({
    // An SDK embed remembers no hang across loads: the host's files are the host's to fix.
    memory: createHangMemory(startup.sdk ? null : safeLocalStorage()),
    controller: runController,
    projectName: () => project.getState().project.name,
    // Past the watchdog's reach: ping every 1 s, hung after 5 s unanswered (preview-host.ts).
    healthyAfterMs: 10_000,
  });

  const unfollowSettings = followSettings({ settings, hang, controller: runController, timeline });

  let lastFiles = project.getState().project.files;
  let lastEntry = project.getState().project.entry;
  let lastLoads = project.getState().loads;
  // The files of the project opened last, until the first edit.
  let opened: Project['files'] | null = null;
  const justOpened = () => project.getState().project.files === opened;
  const unsubscribeProject = project.subscribe(() => {
    const { project: now, loads } = project.getState();
    if (now.files === lastFiles && now.entry === lastEntry) return;
    lastFiles = now.files;
    lastEntry = now.entry;
    const loaded = loads !== lastLoads;
    lastLoads = loads;
    opened = loaded ? now.files : opened;
    bundler.stopWarmUp();
    // A project opened (a template, the Projects list, an upload) runs without the typing
    // debounce; one restored before the first run is that run's.
    runController.scheduleAutoRun({ now: loaded && runController.getState().status !== 'idle' });
  });

  const format = createFormatClient({
    createWorker: () =>
      new Worker(new URL('../../workers/format.worker.ts', import.meta.url), {
        type: 'module',
        name: 'playpen-format',
      }),
  });

  const probeWorker = createProbeWorkerClient({
    createWorker: () =>
      new Worker(new URL('../../workers/probe.worker.ts', import.meta.url), {
        type: 'module',
        name: 'playpen-probe',
      }),
  });
  // Logpoints and line runs, answered by probed replays of the current run (docs/logpoints.md).
  const askPast = createAskPast({
    project,
    timeline,
    getCurrent: () => current,
    getHost: () => host,
    worker: probeWorker,
  });

  const packageTypes = createSessionPackageTypes(settings);
  const consoleEvaluator = createConsoleEvaluator({
    createWorker: () =>
      new Worker(new URL('../../workers/console-eval.worker.ts', import.meta.url), {
        type: 'module',
        name: 'playpen-console-eval',
      }),
    evaluate: timeline.evaluate,
  });

  return {
    settings,
    project,
    format,
    runSharing,
    packageTypes,
    console: consoleStore,
    problems,
    controller: runController,
    timeline,
    askPast,
    evaluateConsole: consoleEvaluator.evaluate,
    consoleGlobals: () => host?.globalNames() ?? Promise.resolve(null),
    hang,
    view,
    startup,
    persistence,
    editorShown,
    editorFirst,
    runFirst() {
      if (runController.getState().status !== 'idle' || hang.getState().held) return;
      if (startup.sdk?.settings.autorun === false) return;
      void runController.run();
    },
    onPreviewOutput(listener) {
      previewOutput.add(listener);
      return () => previewOutput.delete(listener);
    },
    attachPreview(container) {
      host = createPreviewHost({
        container,
        previewUrl: new URL('preview.html', document.baseURI).href,
        loopBudgetMs: () => settings.getState().loopBudgetMs,
        runSpeed: () => timeline.getState().speed,
        mark: perfMark,
        ...previewNews({
          runController,
          console: consoleStore,
          problems,
          timeline,
          view,
          onShown: (message) => previewOutput.forEach((listener) => listener(message)),
        }),
      });
      parked = createParkedPreviews(host);
      if (pending) {
        void host.start(pending.program, pending.run);
        pending = null;
      }
      return () => {
        checkpoints.drop();
        parked = null;
        host?.dispose();
        host = null;
      };
    },
    dispose() {
      unfollowSettings();
      hang.dispose();
      unsubscribeProject();
      unsubscribeTimeline();
      unfollowRuns();
      checkpoints.dispose();
      runController.dispose();
      unsubscribeLink?.();
      unscopeReadOnly();
      persistence.dispose();
      checkpoints.drop();
      host?.dispose();
      bundler.dispose();
      firstPrograms.dispose();
      format.dispose();
      consoleEvaluator.dispose();
      askPast.dispose();
      probeWorker.dispose();
      packageTypes.dispose();
    },
  };
}
