/**
 * The embed SDK's protocol: what a host page (sdk/playpen.js) and a Playpen embed say to each
 * other. The SDK bundles none of the app, so this file imports nothing: it is the SDK's public
 * types too (its .d.ts are generated from here). The embed checks every message against
 * embed-schema.ts, which is tied to these types at compile time.
 *
 * The handshake: the embed's page posts EmbedHello to its parent (the only window it answers);
 * the SDK checks the hello came from its own iframe at the expected origin and answers with
 * EmbedConnect, posted to that origin only, carrying a MessagePort. Everything after goes over
 * the port: the host's EmbedRequest calls, the embed's replies and events.
 */

/** The protocol version this build speaks; a hello lists every version the embed understands. */
export const EMBED_PROTOCOL_VERSION = 1;

/** The query flag that makes an `?embed` page wait for its host's connect (set by the SDK). */
export const SDK_QUERY_FLAG = 'sdk';

/** Most files an embed accepts from its host; each text at most MAX_EMBED_FILE_CHARS. */
export const MAX_EMBED_FILES = 500;
export const MAX_EMBED_FILE_CHARS = 2_000_000;

// ---------------------------------------------------------------------------
// Options (the host decides them; the embed applies them)

/** How the embed lays out its panes: the editor beside the output, or one pane at a time. */
export type EmbedView = 'split' | 'editor' | 'preview' | 'console';
/** A pane the embed can show. */
export type EmbedPane = 'editor' | 'preview' | 'console' | 'problems';
/** The embed's colour scheme; 'system' follows the reader's OS. */
export type EmbedTheme = 'light' | 'dark' | 'system';

/** What the embed starts with: the options that reach the embed (the rest stay in the SDK). */
export interface EmbedSettings {
  /** The project's files, path → text. With `template`, added to (or replacing) its files. */
  files?: Record<string, string>;
  /** The file evaluated first; default: the template's, else the one obvious script. */
  entry?: string;
  /** The file shown in the editor first; default: the entry. */
  activeFile?: string;
  /** A template to start from (`vanilla-ts`, `react-ts`, `vue-ts`, `svelte-ts`, `canvas`); default: the example. */
  template?: string;
  /** The learner can read and run the code but not edit it (the API can still set files). */
  readOnly?: boolean;
  /** The layout; default 'split' (editor beside the output where there is room). */
  view?: EmbedView;
  /** Which panes exist; default all four. */
  panes?: EmbedPane[];
  /** The colour scheme; default 'system'. */
  theme?: EmbedTheme;
  /** Run at start and after each edit; default true. */
  autorun?: boolean;
  /**
   * Keep the learner's edits in this browser (keyed by page and initial files), with Reset.
   * The SDK keeps them in the host page's own storage: browsers that block third-party
   * storage would refuse them to the embed's frame.
   */
  persist?: boolean;
  /** The project's name, shown in the embed's header; default "Playground". */
  title?: string;
}

// ---------------------------------------------------------------------------
// Window handshake

/** Embed → parent window, once the embed's page runs (posted to '*': it carries nothing). */
export interface EmbedHello {
  type: 'playpen-embed:hello';
  /** Every protocol version this embed understands. */
  versions: number[];
}

/** Parent → embed, to the embed's origin only, carrying the MessagePort. */
export interface EmbedConnect {
  type: 'playpen-embed:connect';
  /** The version the SDK speaks (one of the hello's). */
  version: number;
  /** The embed's starting options. */
  settings: EmbedSettings;
  /** With `persist`: the learner's files as they left them (the embed opens these instead). */
  edits?: Record<string, string>;
}

// ---------------------------------------------------------------------------
// Host → embed (over the port)

/** One method call of the Playpen API; its result type is EmbedResults[method]. */
export type EmbedCall =
  | { method: 'run' }
  | { method: 'play' }
  | { method: 'pause' }
  | { method: 'stepForward' }
  | { method: 'stepBack' }
  | { method: 'seek'; tick: number }
  | { method: 'getFiles' }
  | { method: 'setFiles'; files: Record<string, string> }
  | { method: 'updateFile'; path: string; text: string }
  | { method: 'openFile'; path: string }
  | { method: 'format' }
  | { method: 'getShareUrl'; includeRun: boolean }
  | { method: 'reset' };

export type EmbedMethod = EmbedCall['method'];

/** A call with its id; the reply carries the same id. */
export type EmbedRequest = EmbedCall & {
  type: 'call';
  /** Chosen by the SDK, unique per port. */
  id: number;
};

// ---------------------------------------------------------------------------
// Embed → host (over the port)

/** A diagnostic of a build, as an event carries it. */
export interface EmbedDiagnostic {
  /** 'error' fails the build; 'warning' does not. */
  severity: 'error' | 'warning';
  /** The project path it is in, when known. */
  file?: string;
  /** 1-based line, when known. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
  /** The message. */
  text: string;
}

/** Where the run's time is; `paused` is false only while it plays. */
export interface TickState {
  /** The tick the preview is at. */
  tick: number;
  /** The last recorded tick. */
  lastTick: number;
  /** Not playing (paused, or no run). */
  paused: boolean;
}

/** The outcome of a build. */
export interface BuildOutcome {
  /** The build made a program (it runs); false: errors in `diagnostics` (or `message`). */
  ok: boolean;
  /** Errors and warnings. */
  diagnostics: EmbedDiagnostic[];
  /** Why the build failed when no diagnostic says it (the bundler itself failed). */
  message?: string;
}

/** Each event's payload, by name. */
export interface EmbedEvents {
  /** The embed has its project and answers calls. */
  ready: { version: number };
  /** A file changed (by the learner or a call); `text` is null when it was deleted. */
  change: { path: string; text: string | null };
  /** A build finished. */
  build: BuildOutcome;
  /** A new run started (`run` counts the embed's runs). */
  run: { run: number };
  /** The program logged; `text` is the console's one-line rendering of the arguments. */
  console: { level: string; text: string; tick?: number };
  /** An uncaught error or rejection of the program, at its mapped place in the project. */
  error: { message: string; file?: string; line?: number; column?: number; tick?: number };
  /** The run's time moved (at rest, and at most 10 times a second while playing). */
  tick: TickState;
}

export type EmbedEventName = keyof EmbedEvents;

/** What each call resolves with. */
export interface EmbedResults {
  run: BuildOutcome;
  play: TickState;
  pause: TickState;
  stepForward: TickState;
  stepBack: TickState;
  seek: TickState;
  getFiles: Record<string, string>;
  setFiles: null;
  updateFile: null;
  openFile: null;
  format: null;
  getShareUrl: string;
  reset: null;
}

export type EmbedMessage =
  /** The answer to call `id`: its result, or why it failed (a sentence for the host's developer). */
  | { type: 'reply'; id: number; ok: true; value: EmbedResults[EmbedMethod] }
  | { type: 'reply'; id: number; ok: false; error: string }
  | {
      [N in EmbedEventName]: { type: 'event'; name: N; data: EmbedEvents[N] };
    }[EmbedEventName]
  /** A message that was no call at all (or no call this embed knows): why it was refused. */
  | { type: 'refused'; error: string }
  /** With `persist`: the learner's files to keep, or null when they are the initial ones again. */
  | { type: 'edits'; files: Record<string, string> | null };
