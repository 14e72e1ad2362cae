import type { ConsoleStore } from '../console/console-store';
import type { ProjectStore } from '../project/model/store';
import type { RunController } from '../run/controller';
import type { HangWatch } from '../run/hang-watch';
import type { SettingsStore } from '../settings/settings-store';
import type { Startup } from './startup';
import type { ViewStore } from './view-store';
import type { Persistence } from '../project/storage/persistence';
import type { Timeline } from '../run/timeline';
import type { FormatClient } from '../format/format-client';
import type { PackageTypes } from '../editor/package-types/package-types-client';
import type { RunSharing } from './run-sharing';
import type { ProblemsStore } from '../problems/problems-store';
import type { AskPast } from '../probes/ask-past';
import type { RuntimeMessage } from '../protocol';

/** Everything one open playground needs, wired together; React only renders it. */
export interface Session {
  settings: SettingsStore;
  project: ProjectStore;
  console: ConsoleStore;
  /** Build, type and runtime errors in one list, and the error shown over the preview. */
  problems: ProblemsStore;
  controller: RunController;
  /** Remembers hangs across loads; while one is held, auto-run is off (HangBanner says why). */
  hang: HangWatch;
  /** Read-only, embed and notices (see startup.ts). */
  view: ViewStore;
  /** How the page opened (a permalink must not touch saved projects until the first edit). */
  startup: Startup;
  /** Autosave, saved projects and the two-tabs check; start() before the first render. */
  persistence: Persistence;
  /** Play, pause, step and seek the current run. */
  timeline: Timeline;
  /** Logpoints and line runs of the current run, answered by probed replays (docs/logpoints.md). */
  askPast: AskPast;
  /** The console input's evaluate: prepares the line in a worker, then records and sends it. */
  evaluateConsole: (source: string) => Promise<string | null>;
  /** The shown preview's global names, for the console input's completion (null: none). */
  consoleGlobals: () => Promise<string[] | null>;
  /** Prettier in a worker, started on the first format. */
  format: FormatClient;
  /** The run a share link can carry, and the shared run the page opened with. */
  runSharing: RunSharing;
  /** Types for the project's npm imports, fetched in a worker on the first bare import. */
  packageTypes: PackageTypes;
  /**
   * Starts the first run, unless one has started, the last load's run hung (HangBanner) or an
   * SDK host turned auto-run off: called as soon as the project is restored, before the UI
   * mounts (the run waits for the preview pane), and again by the layouts, for which it is
   * then nothing.
   */
  runFirst(): void;
  /** Hears each message of the live preview that the console takes as new (the SDK's events). */
  onPreviewOutput(listener: (message: RuntimeMessage) => void): () => void;
  /** Attaches the preview pane's element; returns a detach function. */
  attachPreview(container: HTMLElement): () => void;
  /** The editor has painted the code (or could not load): what waits for it may start (first-run-gates.ts). */
  editorShown(): void;
  /** Resolves once the editor has painted the code, or the page is hidden (first-run-gates.ts): what waits for it may start. */
  editorFirst: Promise<void>;
  dispose(): void;
}
