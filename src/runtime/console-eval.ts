/**
 * Evaluates a line typed into the console input, inside the tick that records it (a console
 * evaluation is an input like a click: replaying the tick evaluates the same source again, so
 * the echo, the result and any effect on the page come back exactly).
 */
import type { SerializedValue } from '../protocol/index.ts';
import { evalSource, expressionParser } from './console-eval-source.ts';
import type { ConsoleEntry } from './outbox.ts';
import { serialize } from './serialize.ts';

export interface ConsoleEvalDeps {
  /** Indirect eval captured before the program ran: the code runs in the global scope. */
  evaluate(code: string): unknown;
  /** The Function constructor captured before the program ran, to parse without running. */
  FunctionCtor: FunctionConstructor;
  /** Sends a console entry (counted and hashed with the tick, as console calls are). */
  emit(entry: ConsoleEntry): void;
}

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
export function createConsoleEval(deps: ConsoleEvalDeps): (source: string) => void {
  const parses = expressionParser(deps.FunctionCtor);
  return (source) => {
    deps.emit({ level: 'command', args: [text(source)] });
    let value: unknown;
    try {
      value = deps.evaluate(evalSource(source, parses));
    } catch (error) {
      // As devtools show it, and not as the run's own uncaught error: a typo in the console
      // must not put the run into its Error state.
      deps.emit({ level: 'error', args: [text('Uncaught'), describe(error)] });
      return;
    }
    deps.emit({ level: 'result', args: [describe(value)] });
  };
}
