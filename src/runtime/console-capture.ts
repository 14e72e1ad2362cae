import type { ConsoleLevel, SerializedValue } from '../protocol/index.ts';
import { formatArgs } from './console-format.ts';
import { captureStack } from './error-info.ts';
import type { ConsoleEntry } from './outbox.ts';
import { apply } from './safe-reflect.ts';
import { serialize } from './serialize.ts';
import { parseStack, userFrames } from './stack.ts';

export interface ConsoleCaptureOptions {
  /** Receives every console call, serialised. */
  emit: (entry: ConsoleEntry) => void;
  /** Clock for console.time; called per use so a virtual clock installed later is honoured. */
  now: () => number;
  /**
   * Calls passed on to the browser's own console; later ones go only to the host. With
   * devtools (or Playwright) attached a native console call costs ~60 µs, ten times the
   * capture, so a program logging 100,000 lines would otherwise spend seconds there.
   */
  forwardLimit?: number;
}

type Handler = (args: unknown[]) => void;

/** Every console method that is captured; `dirxml` behaves as `log`. */
export const CAPTURED_METHODS = [
  'log', 'info', 'warn', 'error', 'debug', 'table', 'dir', 'dirxml', 'group', 'groupCollapsed',
  'groupEnd', 'clear', 'count', 'countReset', 'time', 'timeLog', 'timeEnd', 'assert', 'trace',
] as const; // prettier-ignore

/**
 * Wraps the console methods of `target` so each call is also sent to the host. The original
 * method still runs for the first `forwardLimit` calls (devtools keep working). Failures while capturing never
 * reach user code, and a console call made while serialising (from a proxy trap) is not
 * captured again.
 */
export function installConsoleCapture(target: Console, options: ConsoleCaptureOptions): void {
  const methods = target as unknown as Record<string, unknown>;
  const handlers = createHandlers(options);
  const limit = options.forwardLimit ?? 1000;
  const originalInfo = methods.info;
  let forwarded = 0;
  let busy = false;
  const forward = (original: unknown, args: unknown[]): unknown => {
    if (typeof original !== 'function' || forwarded > limit) return undefined;
    if (++forwarded <= limit) return apply(original, target, args.map(forwardedArg));
    const note = `Playpen: over ${limit} console calls; the rest show only in Playpen's console.`;
    if (typeof originalInfo === 'function') apply(originalInfo, target, [note]);
    return undefined;
  };
  for (const name of CAPTURED_METHODS) {
    const original = methods[name];
    const handler = handlers[name];
    const wrapper = function (...args: unknown[]) {
      if (!busy) {
        busy = true;
        try {
          handler(args);
        } catch {
          // Capture is best effort; the user's call must behave as without it.
        } finally {
          busy = false;
        }
      }
      return forward(original, args);
    };
    Object.defineProperty(wrapper, 'name', { value: name });
    methods[name] = wrapper;
  }
}

/** The longest string passed on to the browser's console, as Playpen's console keeps it. */
export const FORWARDED_STRING_LIMIT = 10_000;

/**
 * What the browser's console gets for one argument. A long string is cut: with devtools (or
 * any automation listening to the console) open, the browser copies every character of it out
 * of the frame, and a 50 MB string keeps the frame busy for seconds, long enough to be taken
 * for an infinite loop. Objects go as they are: the browser only previews them.
 */
export function forwardedArg(arg: unknown): unknown {
  if (typeof arg !== 'string' || arg.length <= FORWARDED_STRING_LIMIT) return arg;
  const rest = (arg.length - FORWARDED_STRING_LIMIT).toLocaleString('en-US');
  return `${arg.slice(0, FORWARDED_STRING_LIMIT)}… (${rest} more characters cut by Playpen)`;
}

function createHandlers({
  emit,
  now,
}: ConsoleCaptureOptions): Record<(typeof CAPTURED_METHODS)[number], Handler> {
  const values = (args: unknown[]) => args.map((a) => serialize(a));
  const text = (v: string): SerializedValue => ({ t: 'string', v });
  const line = (level: ConsoleLevel, s: string, rest: unknown[] = []) =>
    emit({ level, args: [text(s), ...values(rest)] });
  const formatted = (level: ConsoleLevel) => (args: unknown[]) =>
    emit({ level, args: values(formatArgs(args)) });
  const labelOf = (label: unknown) => (label === undefined ? 'default' : String(label));
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const elapsed = (label: string, rest: unknown[]) => {
    const start = timers.get(label);
    if (start === undefined) return line('warn', `Timer '${label}' does not exist`);
    line('log', `${label}: ${Number((now() - start).toFixed(3))} ms`, rest);
  };

  return {
    log: formatted('log'),
    info: formatted('info'),
    warn: formatted('warn'),
    error: formatted('error'),
    debug: formatted('debug'),
    dirxml: formatted('log'),
    group: formatted('group'),
    groupCollapsed: formatted('groupCollapsed'),
    table: (args) => emit({ level: 'table', args: values(args) }),
    dir: (args) => emit({ level: 'log', args: values(args.slice(0, 1)) }),
    groupEnd: () => emit({ level: 'groupEnd', args: [] }),
    clear: () => emit({ level: 'clear', args: [] }),
    count: ([label]) => {
      const key = labelOf(label);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      line('log', `${key}: ${n}`);
    },
    countReset: ([label]) => {
      const key = labelOf(label);
      if (counts.has(key)) counts.set(key, 0);
      else line('warn', `Count for '${key}' does not exist`);
    },
    time: ([label]) => {
      const key = labelOf(label);
      if (timers.has(key)) line('warn', `Timer '${key}' already exists`);
      else timers.set(key, now());
    },
    timeLog: ([label, ...rest]) => elapsed(labelOf(label), rest),
    timeEnd: ([label]) => {
      const key = labelOf(label);
      elapsed(key, []);
      timers.delete(key);
    },
    assert: ([condition, ...rest]) => {
      if (condition) return;
      const [first, ...more] = rest;
      const args =
        typeof first === 'string'
          ? [`Assertion failed: ${first}`, ...more]
          : ['Assertion failed', ...rest];
      emit({ level: 'error', args: values(formatArgs(args)) });
    },
    trace: (args) => {
      const stack = captureStack();
      const trace: SerializedValue = {
        t: 'error',
        id: 1,
        name: 'console.trace',
        message: '',
        stack,
        frames: userFrames(parseStack(stack)),
      };
      emit({ level: 'log', args: [...values(formatArgs(args)), trace] });
    },
  };
}
