import { wrap } from 'comlink';
import { fileChanges } from '../project/model/file-changes';
import {
  programFromReply,
  type BuildReply,
  type BuildRequest,
  type BuildResult,
  type BundlerApi,
  type Project,
  type SentModules,
  type WarmUpResult,
} from '../protocol';

export interface BundlerClientOptions {
  /** Creates the bundler worker, e.g. `new Worker(new URL('…/bundler.worker.ts', import.meta.url), { type: 'module' })`. */
  createWorker: () => Worker;
  /** Called each time a dead worker has been replaced by a new one. */
  onRestart?: () => void;
  /** Talks to a worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => WorkerApi;
  /** A build with no answer after this long counts as a dead worker (ms, default 60000). */
  timeoutMs?: number;
  /**
   * Builds wait for this, e.g. the editor's first paint: running esbuild makes the browser
   * optimise its wasm, seconds of CPU that would delay the app's start. The worker starts at once
   * all the same, so the module compiles meanwhile.
   */
  holdBuildsUntil?: Promise<unknown>;
  /**
   * The worker starts when this settles, or at the first build the worker must make, whichever
   * comes first; absent, at once. Its wasm compile takes a core the app's start needs, and a
   * known first program (see firstBuild) needs no worker until the user edits.
   */
  startWorkerAfter?: Promise<unknown>;
  /**
   * The first request's build when it is already known (the program shipped for the default
   * project, or one cached for the same files): shown at once, without waiting for esbuild.
   */
  firstBuild?: (request: ProjectBuild) => Promise<KnownBuild | undefined>;
  /**
   * After a known first build, the worker builds the same request once this settles (e.g. the
   * first run has shown), so the next edit finds esbuild started and its caches full.
   */
  warmAfter?: Promise<unknown>;
  /** The worker's build of that request differed from the known one (a stale cache): show it. */
  onKnownBuildDiffers?: () => void;
  /** Each build the worker finished for a request still the latest (e.g. to cache its program). */
  onBuilt?: (request: ProjectBuild, result: BuildResult) => void;
  /** A worker's warm-up after its first build (workers/bundler/warm-up.ts); absent: none. */
  warmUp?: WarmUpPolicy;
}

/** When and how long a worker warms up (builds from scratch until builds stop getting faster). */
export interface WarmUpPolicy {
  /** Waits for this after the worker's first build, e.g. the first run has shown. */
  after: Promise<unknown>;
  /** Gives up after this long (ms). */
  budgetMs: number;
  /** What the warm-up did (the bench prints it). */
  onDone?: (result: WarmUpResult) => void;
}

/** The worker's API as the client uses it; a fake in a test may leave out the warm-up. */
type WorkerApi = Pick<BundlerApi, 'build'> & Partial<Pick<BundlerApi, 'warmUp' | 'stopWarmUp'>>;

/** A build known without the worker: its program and diagnostics. */
export type KnownBuild = Omit<BuildResult, 'id' | 'ms'>;

/** JSON of a build's outcome, bytes included, to compare two builds. */
const outcome = ({ program, diagnostics }: KnownBuild) =>
  JSON.stringify({ program, diagnostics }, (_key, value: unknown) =>
    value instanceof Uint8Array ? Array.from(value) : value,
  );

/** What to build: the project's files as they are now, not a diff (the client makes that). */
export interface ProjectBuild {
  files: Project['files'];
  entry: string;
  cdnBase: string;
}

export interface BundlerClient {
  /** Builds; resolves 'stale' as soon as a newer build is requested (its result is never shown). */
  build(request: ProjectBuild): Promise<BuildResult | 'stale'>;
  /** Stops a warm-up under way (the user is typing: the cores are theirs); else nothing. */
  stopWarmUp(): void;
  /** Terminates the worker; pending builds resolve 'stale'. */
  dispose(): void;
}

interface Session {
  api: WorkerApi;
  /** Its warm-up was asked for (once per worker, after its first build). */
  warmUpAsked: boolean;
  /** The files this worker was last sent (its mirror); null until the first request. */
  sent: Project['files'] | null;
  /** The modules of this worker's last reply with a program (its replies name them). */
  received: SentModules;
  /** Rejects when the worker reports an error or is killed. */
  died: Promise<never>;
  kill(reason: string): void;
}

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';

/** The worker's reply as a whole program, its named modules taken from the last reply. */
const fromReply = (s: Session, { program: reply, ...rest }: BuildReply): BuildResult => {
  if (!reply) return rest;
  const { program, received } = programFromReply(reply, s.received);
  s.received = received;
  return { ...rest, program };
};

/**
 * The host's side of the bundler worker: ids, latest-wins, and restart-and-retry-once when
 * the worker dies (error event, rejected call, or no answer in time).
 */
export const createBundlerClient = (opts: BundlerClientOptions): BundlerClient => {
  const connect = opts.connect ?? ((w: Worker) => wrap<BundlerApi>(w));
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let session: Session | undefined;
  let started = 0;
  let seq = 0;
  let disposed = false;
  let supersede: (() => void) | undefined;
  let hold: Promise<unknown> | undefined = opts.holdBuildsUntil?.then(() => (hold = undefined));
  let firstBuild = opts.firstBuild;
  // The worker warming up now, if any: only then is a stop worth a message.
  let warming: Session | undefined;

  const start = (): Session => {
    const worker = opts.createWorker();
    let reject!: (error: Error) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    died.catch(() => {}); // observed by the builds racing it; no unhandled rejection when idle
    const current: Session = {
      api: connect(worker),
      warmUpAsked: false,
      sent: null,
      received: new Map(),
      died,
      kill(reason) {
        worker.terminate();
        if (session === current) session = undefined;
        reject(new Error(reason));
      },
    };
    const onError = (event: Event) => {
      const message = (event as ErrorEvent).message;
      current.kill(message ? `worker error: ${message}` : 'the worker crashed');
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);
    if (started++ > 0) opts.onRestart?.();
    return current;
  };
  // Early, so esbuild's wasm compiles before the first build needs it.
  if (opts.startWorkerAfter)
    void opts.startWorkerAfter.then(() => !disposed && (session ??= start()));
  else session = start();

  const attempt = async (
    s: Session,
    { files, entry, cdnBase }: ProjectBuild,
    id: number,
  ): Promise<BuildResult> => {
    const request: BuildRequest = {
      id,
      changes: s.sent ? fileChanges(s.sent, files) : files,
      reset: !s.sent,
      entry,
      cdnBase,
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      // Every reply, even one for a request since superseded, moves this end's modules on as
      // the worker's moved (replies arrive in the order the worker made them).
      const call = s.api.build(request).then((reply) => fromReply(s, reply));
      // Sent: the worker's mirror now holds these files (a worker that fails is replaced).
      s.sent = files;
      return await Promise.race([call, s.died, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const build = async (request: ProjectBuild): Promise<BuildResult | 'stale'> => {
    if (disposed) return 'stale';
    supersede?.();
    const id = ++seq;
    const stale = new Promise<'stale'>((resolve) => (supersede = () => resolve('stale')));
    if (firstBuild) {
      const lookup = firstBuild(request).catch(() => undefined);
      const known = await Promise.race([lookup, stale]);
      // A newer request looks up in its turn: on load a second run (the restore's auto-run,
      // then the app's first run) often supersedes the first while its lookup is under way.
      if (known === 'stale') return 'stale';
      firstBuild = undefined;
      if (known && !disposed) {
        void warm(request, known, id);
        return { id, ...known, ms: null };
      }
    }
    if (disposed) return 'stale';
    // This build needs the worker: its compile starts now, while the build may still be held.
    session ??= start();
    if (hold && (await Promise.race([hold, stale])) === 'stale') return 'stale';
    for (let tries = 1; ; tries++) {
      const s = (session ??= start());
      try {
        const result = await Promise.race([attempt(s, request, id), stale]);
        if (id !== seq || disposed || result === 'stale') return 'stale';
        opts.onBuilt?.(request, result);
        if (!s.warmUpAsked) void warmUp(s, request);
        return result;
      } catch (error) {
        if (id !== seq || disposed) return 'stale';
        s.kill(errorText(error));
        if (tries >= 2) {
          throw new Error(`The bundler stopped working: ${errorText(error)}`, { cause: error });
        }
      }
    }
  };

  /** Once per worker: after `warmUp.after`, unless the worker was replaced meanwhile. */
  const warmUp = async (s: Session, { entry, cdnBase }: ProjectBuild) => {
    const policy = opts.warmUp;
    s.warmUpAsked = true;
    if (!policy || !s.api.warmUp) return;
    await policy.after;
    if (disposed || session !== s) return;
    warming = s;
    // A worker that dies meanwhile is noticed by the next build, which replaces it.
    const result = await s.api
      .warmUp({ entry, cdnBase, budgetMs: policy.budgetMs })
      .catch(() => null)
      .finally(() => {
        if (warming === s) warming = undefined;
      });
    if (result) policy.onDone?.(result);
  };

  /** Builds a request answered by a known build in the worker, unless a newer one came first. */
  const warm = async (request: ProjectBuild, known: KnownBuild, id: number) => {
    await opts.warmAfter;
    if (id !== seq || disposed) return;
    const result = await build(request).catch(() => 'stale' as const);
    if (result !== 'stale' && outcome(result) !== outcome(known)) opts.onKnownBuildDiffers?.();
  };

  return {
    build,
    stopWarmUp() {
      if (!warming) return;
      void warming.api.stopWarmUp?.();
      warming = undefined;
    },
    dispose() {
      disposed = true;
      supersede?.();
      session?.kill('disposed');
    },
  };
};
