import { createConsoleStore, type ConsoleStore } from '../console/console-store';
import { createPreviewHost, type PreviewHost } from '../preview/preview-host';
import type { Program } from '../protocol';
import { createProjectStore, type ProjectStore } from '../project/store';
import { createDefaultProject } from '../project/templates';
import { createBundlerClient } from '../run/bundler-client';
import { createRunController, type RunController, type RunInfo } from '../run/controller';
import { createSettingsStore, type SettingsStore } from '../settings/settings-store';
import { applyTheme } from '../settings/theme';
import { createPersistence, type Persistence } from '../project/storage/persistence';
import { createIdbBackend } from '../project/storage/idb-backend';

/** Everything one open playground needs, wired together; React only renders it. */
export interface Session {
  settings: SettingsStore;
  project: ProjectStore;
  console: ConsoleStore;
  controller: RunController;
  /** Autosave, saved projects and the two-tabs check; start() before the first render. */
  persistence: Persistence;
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
  const persistence = createPersistence({
    store: project,
    backend: createIdbBackend(),
    local: safeLocalStorage(),
    initialHash: typeof location === 'undefined' ? '' : location.hash,
    channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel('playpen:tabs') : null,
  });
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

  const controller = createRunController({
    build: (request) => bundler.build(request),
    getProject: () => project.getState().project,
    beforeRun: () => persistence.autosave.flush(),
    getCdnBase: () => settings.getState().cdnBase,
    startPreview(program, run) {
      consoleStore.setProgram(program);
      if (host) void host.start(program, run);
      else pending = { program, run };
    },
    stopPreview: () => host?.stop(),
    // Each build starts the console afresh: its diagnostics, then the new run's output.
    onBuild(result) {
      consoleStore.clear(null);
      for (const diagnostic of result.diagnostics)
        consoleStore.push({ kind: 'diagnostic', diagnostic });
    },
    onBundlerError: (error) => consoleStore.push({ kind: 'notice', text: error.message }),
  });

  const applySettings = () => {
    const s = settings.getState();
    controller.setAutoRun(s.autoRun, s.autoRunDelayMs);
    if (typeof document !== 'undefined') applyTheme(document.documentElement, s.theme);
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
    controller.scheduleAutoRun();
  });

  return {
    settings,
    project,
    console: consoleStore,
    controller,
    persistence,
    attachPreview(container) {
      host = createPreviewHost({
        container,
        previewUrl: new URL('preview.html', document.baseURI).href,
        onMessage(runId, message) {
          if (runId !== controller.getState().runId) return;
          controller.handleRuntime(runId, message);
          consoleStore.pushRuntime(message);
        },
        onHang(runId) {
          controller.handleHang(runId);
          if (controller.getState().status === 'not-responding') {
            consoleStore.push({
              kind: 'notice',
              text: 'The preview stopped responding (a long or infinite loop?) and was stopped. Fix the code and press Run.',
            });
          }
        },
        onStartError: (error) => consoleStore.push({ kind: 'notice', text: error.message }),
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
      controller.dispose();
      persistence.dispose();
      host?.dispose();
      bundler.dispose();
    },
  };
}
