import { wrap } from 'comlink';
import type { ConsoleCode, ConsoleEvalApi } from '../protocol';

export interface ConsoleEvaluatorOptions {
  /** Creates the worker that prepares lines (started at the first line, not at load). */
  createWorker: () => Worker;
  /** Talks to a worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => ConsoleEvalApi;
  /** The timeline's evaluate: records and sends the line; returns why it could not, or null. */
  evaluate: (source: string, prepared?: ConsoleCode) => string | null;
}

/**
 * The console input's evaluate: each line is prepared once in a worker (let/const kept for the
 * next line, top-level await, the loop guard), then recorded with its code, so replays run the
 * very same code. Lines are sent in the order typed, whatever order their preparations end in.
 */
export interface ConsoleEvaluator {
  /** Prepares and sends a line; resolves why it could not be evaluated, or null once sent. */
  evaluate(source: string): Promise<string | null>;
  dispose(): void;
}

export function createConsoleEvaluator(options: ConsoleEvaluatorOptions): ConsoleEvaluator {
  const connect = options.connect ?? ((worker: Worker) => wrap<ConsoleEvalApi>(worker));
  let current: { worker: Worker; api: ConsoleEvalApi; died: Promise<never> } | null = null;
  const start = () => {
    const worker = options.createWorker();
    let reject!: (error: Error) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    died.catch(() => {});
    const session = { worker, api: connect(worker), died };
    worker.addEventListener('error', (event) => {
      worker.terminate();
      if (current === session) current = null;
      reject(new Error((event as ErrorEvent).message || 'the console worker stopped'));
    });
    return session;
  };
  const prepare = async (source: string) => {
    const session = (current ??= start());
    return Promise.race([session.api.prepare(source), session.died]);
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    evaluate(source) {
      const prepared = prepare(source);
      const sent = queue.then(async () => {
        try {
          return options.evaluate(source, (await prepared) ?? undefined);
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          return `Could not prepare the line: ${detail}. Press Enter to try again.`;
        }
      });
      queue = sent;
      return sent;
    },
    dispose() {
      current?.worker.terminate();
      current = null;
    },
  };
}
