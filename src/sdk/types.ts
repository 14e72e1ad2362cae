import type {
  BuildOutcome,
  EmbedEventName,
  EmbedEvents,
  EmbedSettings,
  TickState,
} from '../protocol/embed';

export type {
  BuildOutcome,
  EmbedDiagnostic,
  EmbedEventName,
  EmbedEvents,
  EmbedPane,
  EmbedTheme,
  EmbedView,
  TickState,
} from '../protocol/embed';

/** When an embed loads its playground. */
export type PlaypenLoading = 'eager' | 'lazy' | 'click';

/** Options of createPlaypen (the embed's settings, and what only the host page uses). */
export interface PlaypenOptions extends EmbedSettings {
  /**
   * Where Playpen is hosted: the address of the folder holding its index.html. Default: the
   * folder above the SDK module's own `sdk/` (the module is served by the Playpen it embeds).
   */
  baseUrl?: string;
  /** The embed's height: pixels, or any CSS length; default 480. */
  height?: number | string;
  /**
   * 'lazy' (default): loads when scrolled near the viewport; 'eager': at once; 'click': shows
   * the code with a "Load playground" button, and loads when it is pressed.
   */
  loading?: PlaypenLoading;
}

/** One embedded playground, driven by the host page. */
export interface Playpen {
  /** Resolves once the embed has its project and answers calls. */
  ready(): Promise<void>;
  /** Builds and restarts the run; resolves with the build's outcome. */
  run(): Promise<BuildOutcome>;
  /** Plays the run (from a past tick: its recorded ticks again, then live). */
  play(): Promise<TickState>;
  /** Pauses; resolves where the run rests. */
  pause(): Promise<TickState>;
  /** Runs one tick (or shows the next recorded one); resolves where the run rests. */
  stepForward(): Promise<TickState>;
  /** Returns to the state after the previous tick; resolves where the run rests. */
  stepBack(): Promise<TickState>;
  /** Goes to a recorded tick (0 to lastTick); resolves where the run rests. */
  seek(tick: number): Promise<TickState>;
  /** The project's text files, path → text. */
  getFiles(): Promise<Record<string, string>>;
  /** Replaces the project's files (the entry stays if it is still there). */
  setFiles(files: Record<string, string>): Promise<void>;
  /** Creates or replaces one file. */
  updateFile(path: string, text: string): Promise<void>;
  /** Shows a file in the editor. */
  openFile(path: string): Promise<void>;
  /** Formats the open file with Prettier. */
  format(): Promise<void>;
  /** A link to the project in a full Playpen; `includeRun` carries the current run too. */
  getShareUrl(options?: { includeRun?: boolean }): Promise<string>;
  /** Restores the initial files (and forgets persisted edits). */
  reset(): Promise<void>;
  /** Removes the embed; every later call rejects. */
  destroy(): Promise<void>;
  /** Listens to an event; returns the function that stops listening. */
  on<N extends EmbedEventName>(name: N, listener: (data: EmbedEvents[N]) => void): () => void;
}
