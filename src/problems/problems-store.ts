import { createStore } from 'zustand/vanilla';
import type { Diagnostic, RuntimeMessage } from '../protocol';
import { runtimeErrorOf, type LocatedFrame } from './runtime-error';

/** Where a problem was found; each source is replaced on its own schedule. */
export type ProblemSource = 'build' | 'type' | 'runtime';

/** One entry of the Problems list. Positions are 1-based. */
export interface Problem {
  /** Which checker reported it (the list shows it; each source is cleared on its own). */
  source: ProblemSource;
  /** Errors are counted apart from warnings in the status area. */
  severity: 'error' | 'warning';
  /** The message as the checker or the program wrote it, shown as text. */
  message: string;
  /** Project path, when the problem points at a file (a runtime error in vendor code may not). */
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
  /** 1-based column in `file`. */
  column?: number;
}

/** An uncaught error of the current run, shown over the preview until dismissed or the next run. */
export interface RuntimeError extends Problem {
  source: 'runtime';
  /** How it escaped: thrown, a rejected promise nobody handled, or a failed load. */
  kind: 'uncaught' | 'unhandledrejection' | 'load';
}

export interface ProblemsState {
  /** Diagnostics of the latest finished build. */
  build: readonly Problem[];
  /** TypeScript's diagnostics per project path, as the editor's language service reports them. */
  types: Readonly<Record<string, readonly Problem[]>>;
  /** Uncaught errors of the current run, oldest first (at most MAX_RUNTIME). */
  runtime: readonly RuntimeError[];
  /** The error shown over the preview: the run's first, until dismissed (later ones only list). */
  overlay: RuntimeError | null;
  /** Increases each time something asks to show the Problems list (the status-area button). */
  showRequests: number;
}

export interface ProblemsStore {
  getState(): ProblemsState;
  subscribe(listener: () => void): () => void;
  /** Replaces the build's problems with the diagnostics of a finished build. */
  setBuild(diagnostics: readonly Diagnostic[]): void;
  /** Replaces one file's type problems (an empty list clears the file). */
  setTypes(path: string, problems: readonly Omit<Problem, 'source' | 'file'>[]): void;
  /**
   * Adds an uncaught error of the current run (the preview's message and its stack mapped to
   * project files); the run's first also shows over the preview.
   */
  addRuntime(message: Extract<RuntimeMessage, { type: 'error' }>, frames: LocatedFrame[]): void;
  /** A new run starts: the last run's errors and its overlay go. */
  clearRuntime(): void;
  /** Hides the overlay; the error stays in the list. */
  dismissOverlay(): void;
  /** Asks the views to show and focus the Problems list. */
  requestShow(): void;
}

/** A program throwing in a loop must not grow the list without end; the console keeps them all. */
export const MAX_RUNTIME = 50;

export function createProblemsStore(): ProblemsStore {
  const store = createStore<ProblemsState>()(() => ({
    build: [],
    types: {},
    runtime: [],
    overlay: null,
    showRequests: 0,
  }));
  const { getState, setState: set, subscribe } = store;
  // Once the run's overlay was shown, later errors of that run only join the list: a program
  // that throws on every frame must not bring back what the user dismissed.
  let overlayUsed = false;
  return {
    getState,
    subscribe,
    setBuild(diagnostics) {
      set({ build: diagnostics.map(fromDiagnostic) });
    },
    setTypes(path, problems) {
      const { types } = getState();
      if (problems.length === 0 && !(path in types)) return;
      const next = { ...types };
      if (problems.length === 0) delete next[path];
      else next[path] = problems.map((p) => ({ ...p, source: 'type', file: path }));
      set({ types: next });
    },
    addRuntime(message, frames) {
      const { runtime, overlay } = getState();
      if (runtime.length >= MAX_RUNTIME) return;
      const added: RuntimeError = { ...runtimeErrorOf(message, frames), source: 'runtime' };
      set({ runtime: [...runtime, added], overlay: overlayUsed ? overlay : added });
      overlayUsed = true;
    },
    clearRuntime() {
      overlayUsed = false;
      const { runtime, overlay } = getState();
      if (runtime.length === 0 && overlay === null) return;
      set({ runtime: [], overlay: null });
    },
    dismissOverlay() {
      if (getState().overlay !== null) set({ overlay: null });
    },
    requestShow() {
      set({ showRequests: getState().showRequests + 1 });
    },
  };
}

function fromDiagnostic(d: Diagnostic): Problem {
  return {
    source: 'build',
    severity: d.severity,
    message: d.text,
    ...(d.file ? { file: d.file } : {}),
    ...(d.line ? { line: d.line } : {}),
    ...(d.column ? { column: d.column } : {}),
  };
}
