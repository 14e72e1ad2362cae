/**
 * Console values: a serialised, inert copy of a value logged in the preview, the stack frames it
 * carries, and the console levels. Re-exported by src/protocol/index.ts.
 */

export type SerializedValue =
  | { t: 'undefined' }
  | { t: 'null' }
  | { t: 'boolean'; v: boolean }
  /** Non-finite numbers and -0 are sent as strings: 'NaN', 'Infinity', '-Infinity', '-0'. */
  | { t: 'number'; v: number | string }
  /** `length` is the original length when `v` was truncated. */
  | { t: 'string'; v: string; length?: number }
  | { t: 'bigint'; v: string }
  | { t: 'symbol'; v: string }
  | { t: 'function'; name: string; isClass?: boolean }
  | { t: 'date'; v: string }
  | { t: 'regexp'; v: string }
  | { t: 'error'; id: number; name: string; message: string; stack?: string; frames?: RawFrame[] }
  /** A DOM node, described, never sent as HTML to render. */
  | { t: 'dom'; id: number; tag: string; desc: string; text?: string }
  /** Back-reference to an object already serialised in this value (cycles, shared refs). */
  | { t: 'ref'; id: number }
  /** `more` counts entries not sent; `depthLimit` says the entries were not walked at all. */
  | {
      t: 'object';
      id: number;
      cls: string | null;
      entries: [string, SerializedValue][];
      more?: number;
      depthLimit?: boolean;
    }
  | {
      t: 'array';
      id: number;
      cls?: string;
      length: number;
      items: SerializedValue[];
      more?: number;
      depthLimit?: boolean;
    }
  | {
      t: 'map';
      id: number;
      size: number;
      entries: [SerializedValue, SerializedValue][];
      more?: number;
      depthLimit?: boolean;
    }
  | {
      t: 'set';
      id: number;
      size: number;
      items: SerializedValue[];
      more?: number;
      depthLimit?: boolean;
    }
  /** A page cannot read a promise's state synchronously without side effects: usually 'unknown'. */
  | { t: 'promise'; id: number; state: 'pending' | 'fulfilled' | 'rejected' | 'unknown' }
  /** A run of `count` missing elements inside a sparse array's `items` (shown as "empty × n"). */
  | { t: 'hole'; count: number };

/** A stack frame as the preview saw it (unmapped; the host maps it to a project file). */
export interface RawFrame {
  fn?: string;
  url: string;
  line: number;
  column: number;
}

export type ConsoleLevel =
  | 'log'
  | 'info'
  | 'warn'
  | 'error'
  | 'debug'
  | 'table'
  | 'group'
  | 'groupCollapsed'
  | 'groupEnd'
  | 'clear'
  /** The echo of a line typed into the console input (its source as one string argument). */
  | 'command'
  /** The value that line evaluated to (one argument). */
  | 'result';
