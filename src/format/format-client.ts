import { wrap } from 'comlink';
import type { FormatApi, FormatRequest, FormatResult } from './format-types';

export interface FormatClientOptions {
  /** Creates the format worker (Prettier and its plugins load there, on first use). */
  createWorker: () => Worker;
  /** Talks to a worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => FormatApi;
}

export interface FormatClient {
  /** Formats one file; a crashed worker is replaced and the call answered with an error. */
  format(request: FormatRequest): Promise<FormatResult>;
  dispose(): void;
}

/** The app's side of the format worker: started on the first format, not at load. */
export function createFormatClient(options: FormatClientOptions): FormatClient {
  const connect = options.connect ?? ((worker: Worker) => wrap<FormatApi>(worker));
  let current: { worker: Worker; api: FormatApi; died: Promise<never> } | null = null;
  const start = () => {
    const worker = options.createWorker();
    let reject!: (error: Error) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    died.catch(() => {});
    const session = { worker, api: connect(worker), died };
    worker.addEventListener('error', (event) => {
      worker.terminate();
      if (current === session) current = null;
      reject(new Error((event as ErrorEvent).message || 'the formatter stopped'));
    });
    return session;
  };
  return {
    async format(request) {
      const session = (current ??= start());
      try {
        return await Promise.race([session.api.format(request), session.died]);
      } catch (error) {
        // A chunk that failed to load or a crash: the next format starts a fresh worker.
        session.worker.terminate();
        if (current === session) current = null;
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, error: `${request.path} was not formatted: ${detail}.` };
      }
    },
    dispose() {
      current?.worker.terminate();
      current = null;
    },
  };
}
