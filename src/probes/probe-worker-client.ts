import { wrap, type Remote } from 'comlink';
import type { InstrumentRequest, InstrumentResult, ProbeWorkerApi } from '../protocol';

export interface ProbeWorkerClientOptions {
  /** Creates the probe worker (started on the first logpoint or line count, not at load). */
  createWorker: () => Worker;
  /** Talks to a worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => Remote<ProbeWorkerApi> | ProbeWorkerApi;
}

export interface ProbeWorkerClient {
  instrument(request: InstrumentRequest): Promise<InstrumentResult>;
  defaultExpression(lineText: string): Promise<string>;
  dispose(): void;
}

/** The app's side of the probe worker: a crashed worker is replaced and the call tried once more. */
export function createProbeWorkerClient(options: ProbeWorkerClientOptions): ProbeWorkerClient {
  const connect = options.connect ?? ((worker: Worker) => wrap<ProbeWorkerApi>(worker));
  type Api = Remote<ProbeWorkerApi> | ProbeWorkerApi;
  let current: { worker: Worker; api: Api; died: Promise<never> } | null = null;
  const start = () => {
    const worker = options.createWorker();
    let reject!: (error: Error) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    died.catch(() => {});
    const session = { worker, api: connect(worker), died };
    worker.addEventListener('error', (event) => {
      worker.terminate();
      if (current === session) current = null;
      reject(new Error((event as ErrorEvent).message || 'the probe worker stopped'));
    });
    return session;
  };
  const call = async <T>(task: (api: Api) => T | Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const session = (current ??= start());
      try {
        return await Promise.race([task(session.api), session.died]);
      } catch (error) {
        session.worker.terminate();
        if (current === session) current = null;
        if (attempt > 0) throw error;
      }
    }
  };
  return {
    instrument: (request: InstrumentRequest): Promise<InstrumentResult> =>
      call((api) => api.instrument(request)),
    defaultExpression: (line: string) => call((api) => api.defaultExpression(line)),
    dispose() {
      current?.worker.terminate();
      current = null;
    },
  };
}
