import type { Diagnostic, SerializedValue } from '../protocol';
import type { MappedFrame } from './map-stack';

/** Levels a console message entry can carry (control levels such as groupEnd never become entries). */
export type MessageLevel =
  | 'log'
  | 'info'
  | 'warn'
  | 'error'
  | 'debug'
  | 'table'
  | 'group'
  | 'groupCollapsed'
  /** A console input line's echo, and the value it evaluated to. */
  | 'command'
  | 'result';

/** Where an uncaught error came from (mirrors RuntimeMessage 'error'.kind). */
export type ErrorSource = 'uncaught' | 'unhandledrejection' | 'load';

/** What a caller hands to `store.push`; the store adds id, nesting and repeat count. */
export type NewEntry =
  /** `tick`: the run-loop tick the call was made in (clicking the entry seeks there). */
  | { kind: 'message'; level: MessageLevel; args: SerializedValue[]; tick?: number }
  | {
      kind: 'error';
      source: ErrorSource;
      message: string;
      frames: MappedFrame[];
      /** The thrown value, when it is not an Error. */
      value?: SerializedValue;
      /** The run-loop tick it happened in. */
      tick?: number;
    }
  | { kind: 'diagnostic'; diagnostic: Diagnostic }
  | {
      kind: 'notice';
      text: string;
      /**
       * A notice kept current: another notice with the same key replaces it, and moves to the
       * end (a replay's divergence, told once per diverged path, not at every step).
       */
      key?: string;
    };

interface EntryMeta {
  /** Unique and increasing within a store (React key). */
  id: number;
  /** Nesting depth under console.group. */
  depth: number;
  /** Id of the innermost enclosing group header entry (null at the top level). */
  group: number | null;
  /** How many identical consecutive entries this one stands for (1 = not repeated). */
  repeat: number;
}

export type ConsoleEntry = NewEntry & EntryMeta;
export type MessageEntry = Extract<ConsoleEntry, { kind: 'message' }>;
export type ErrorEntry = Extract<ConsoleEntry, { kind: 'error' }>;
export type DiagnosticEntry = Extract<ConsoleEntry, { kind: 'diagnostic' }>;
export type NoticeEntry = Extract<ConsoleEntry, { kind: 'notice' }>;

/** Coarse severity used by the level filter and the counters. */
export type Severity = 'error' | 'warn' | 'info' | 'log' | 'debug' | 'system';

export function severityOf(entry: NewEntry): Severity {
  switch (entry.kind) {
    case 'error':
      return 'error';
    case 'diagnostic':
      return entry.diagnostic.severity === 'error' ? 'error' : 'warn';
    case 'notice':
      return 'system';
    case 'message':
      switch (entry.level) {
        case 'error':
          return 'error';
        case 'warn':
          return 'warn';
        case 'info':
          return 'info';
        case 'debug':
          return 'debug';
        default:
          return 'log';
      }
  }
}
