/**
 * Evaluates a line typed into the console input, inside the tick that records it (a console
 * evaluation is an input like a click: replaying the tick evaluates the same source again, so
 * the echo, the result and any effect on the page come back exactly).
 */
import {
  CONSOLE_LOOP_GUARD,
  CONSOLE_SCOPE,
  type ConsoleCode,
  type SerializedValue,
} from '../protocol/index.ts';
import { evalSource, expressionParser } from './console-eval-source.ts';
import type { LoopCheck } from './loop-guard.ts';
import { apply } from './safe-reflect.ts';
import type { ConsoleEntry } from './outbox.ts';
import { serialize } from './serialize.ts';

export interface ConsoleEvalDeps {
  /** Indirect eval captured before the program ran: the code runs in the global scope. */
  evaluate(code: string): unknown;
  /** The Function constructor captured before the program ran, to parse without running. */
  FunctionCtor: FunctionConstructor;
  /** Sends a console entry (counted and hashed with the tick, as console calls are). */
  emit(entry: ConsoleEntry): void;
  /** The program's loop guard: the prepared code's loops call it, so a typed endless loop stops. */
  loopCheck: LoopCheck;
  /** The global the prepared code's loops name the guard by (the window). */
  global: object;
  /** The console's scope object (CONSOLE_SCOPE): its own properties are the lines' bindings. */
  scope: object;
}

// Captured before the program runs: it could replace them.
const defineProperty = Object.defineProperty;
const promiseThen = Promise.prototype.then;

const text = (v: string): SerializedValue => ({ t: 'string', v });

/** Serialises for the console; a value whose getters or proxy traps throw is still shown. */
function describe(value: unknown): SerializedValue {
  try {
    return serialize(value);
  } catch (error) {
    return text(`(could not be shown: ${String(error)})`);
  }
}

/** Returns the evaluator: echoes the source, then shows its value or what it threw. */
export function createConsoleEval(
  deps: ConsoleEvalDeps,
): (source: string, prepared?: ConsoleCode) => void {
  const parses = expressionParser(deps.FunctionCtor);
  // As devtools show it, and not as the run's own uncaught error: a typo in the console
  // must not put the run into its Error state.
  const uncaught = (error: unknown) =>
    deps.emit({ level: 'error', args: [text('Uncaught'), describe(error)] });
  const result = (value: unknown) => deps.emit({ level: 'result', args: [describe(value)] });
  let guardShared = false;
  /**
   * At the first prepared line, not at boot (a run that never evaluates pays nothing). Fixed:
   * a function typed earlier and called later still finds it, and the program cannot swap it.
   */
  const shareGlobals = () => {
    if (guardShared) return;
    guardShared = true;
    try {
      defineProperty(deps.global, CONSOLE_LOOP_GUARD, { value: deps.loopCheck });
    } catch {
      // The program took the name first: its loops then call what it put there.
    }
    try {
      defineProperty(deps.global, CONSOLE_SCOPE, { value: deps.scope });
    } catch {
      // Likewise: the lines then run with what the program put there.
    }
  };
  return (source, prepared) => {
    deps.emit({ level: 'command', args: [text(source)] });
    if (prepared) shareGlobals();
    let value: unknown;
    try {
      value = deps.evaluate(prepared ? prepared.code : evalSource(source, parses));
    } catch (error) {
      uncaught(error);
      return;
    }
    if (!prepared?.awaits) return result(value);
    // The line's own async wrapper: its result comes in the tick that settles it (a timer's, a
    // fetch's), which a replay repeats, so the console comes back the same.
    try {
      apply(promiseThen, value, [result, uncaught]);
    } catch (error) {
      uncaught(error);
    }
  };
}
