import { wrap } from 'comlink';
import type { InstrumentRequest, InstrumentResult } from '../protocol';

/** The probe worker's API as the app calls it (comlink makes every call a promise). */
export interface ProbeWorkerCalls {
  instrument(request: InstrumentRequest): Promise<InstrumentResult>;
  defaultExpression(lineText: string): Promise<string>;
}

export interface ProbeWorkerClientOptions {
  /** Creates the worker; by default Vite's module worker of workers/probe.worker.ts. */
  createWorker?: () => Worker;
  /** Talks to a worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => ProbeWorkerCalls;
  /** A call with no answer after this long counts as a dead worker (ms, default 30000). */
  timeoutMs?: number;
  /** Timers (tests inject their own). */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface ProbeWorkerClient extends ProbeWorkerCalls {
  /** Terminates the worker; calls under way reject. */
  dispose(): void;
}

const createProbeWorker = () =>
  new Worker(new URL('../../workers/probe.worker.ts', import.meta.url), { type: 'module' });

/** The worker died or stopped answering (not an error the worker itself reported). */
class WorkerGone extends Error {}

interface Session {
  api: ProbeWorkerCalls;
  /** Rejects with WorkerGone when the worker reports an error or is killed. */
  died: Promise<never>;
  kill(reason: string): void;
}

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The app's side of the probe worker (docs/logpoints.md): the worker starts on the first call,
 * not at load; a worker that dies or stops answering is replaced and the call tried once more
 * on the new one; a worker that could not be started is started again by the next call.
 */
export function createProbeWorkerClient(options: ProbeWorkerClientOptions = {}): ProbeWorkerClient {
  const createWorker = options.createWorker ?? createProbeWorker;
  const connect = options.connect ?? ((worker: Worker) => wrap<ProbeWorkerCalls>(worker));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const setTimer = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let session: Session | undefined;
  let disposed = false;

  /** A new worker; throws (and leaves no session behind) when it cannot be made. */
  const start = (): Session => {
    const worker = createWorker();
    let reject!: (error: Error) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    died.catch(() => {}); // observed by the calls racing it; no unhandled rejection when idle
    const current: Session = {
      api: connect(worker),
      died,
      kill(reason) {
        worker.terminate();
        if (session === current) session = undefined;
        reject(new WorkerGone(reason));
      },
    };
    const onError = (event: Event) => {
      const message = (event as ErrorEvent).message;
      current.kill(message ? `the probe worker failed: ${message}` : 'the probe worker crashed');
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);
    return current;
  };

  /** One call on the current worker, racing its death and the timeout. */
  const attempt = async <T>(s: Session, call: (api: ProbeWorkerCalls) => Promise<T>) => {
    let timer: unknown;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimer(
        () => reject(new WorkerGone(`the probe worker did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([call(s.api), s.died, timeout]);
    } finally {
      clearTimer(timer);
    }
  };

  const request = async <T>(call: (api: ProbeWorkerCalls) => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      if (disposed) throw new Error('The probe worker was closed');
      let s: Session;
      try {
        s = session ??= start();
      } catch (error) {
        throw new Error(`The probe worker could not start: ${text(error)}`, { cause: error });
      }
      try {
        return await attempt(s, call);
      } catch (error) {
        // An error the worker reported is the call's answer; only a dead worker is replaced.
        if (!(error instanceof WorkerGone) || disposed) throw error;
        s.kill(error.message);
        if (tries >= 2)
          throw new Error(`The probe worker stopped working: ${error.message}`, { cause: error });
      }
    }
  };

  return {
    instrument: (r) => request((api) => api.instrument(r)),
    defaultExpression: (line) => request((api) => api.defaultExpression(line)),
    dispose() {
      disposed = true;
      session?.kill('the probe worker was closed');
    },
  };
}
