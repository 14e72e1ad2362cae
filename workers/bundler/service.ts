import {
  programReply,
  type BuildReply,
  type BuildRequest,
  type BundlerApi,
  type SentModules,
} from '../../src/protocol';
import type { EsbuildApi } from './esbuild-api';
import { createBundler, StaleBuild, type SourceTransform } from './program';
import { warmUp } from './warm-up';

export interface ServiceOptions {
  esbuild: EsbuildApi;
  /** Initialises esbuild; called at the first build, and again after a failure. */
  init: () => Promise<void>;
  transform?: SourceTransform;
  /** Guard the user's loops against running away (see loop-guard.ts). */
  guardLoops?: boolean;
  /** Lets the worker take its messages between warm-up builds (a macrotask). */
  yieldTask?: () => Promise<void>;
}

/**
 * The worker's BundlerApi: initialises esbuild at the first build (a failed init is retried on the
 * next build), and stops a build as soon as a newer request has arrived (the latest request wins).
 * Not at creation: running esbuild's Go runtime makes V8 tier its hot wasm functions up, seconds
 * of CPU that would compete with the app's start; the worker only compiles the module ahead.
 */
export const createBundlerService = ({
  esbuild,
  init,
  transform,
  guardLoops,
  yieldTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
}: ServiceOptions): BundlerApi => {
  let ready: Promise<void> | undefined;
  let latest = -Infinity;
  // Counts build requests and stops: a warm-up ends when one has come since it started.
  let interruptions = 0;
  // The modules of the last reply with a program: the client keeps the same (program-delta.ts).
  let sent: SentModules = new Map();
  const bundler = createBundler({ esbuild, transform, guardLoops });
  const initOnce = () => {
    ready ??= init().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    async build(request: BuildRequest): Promise<BuildReply> {
      const start = performance.now();
      interruptions++;
      latest = Math.max(latest, request.id);
      const isStale = () => request.id < latest;
      // Before any await: requests reach the file mirror in the order they were sent.
      bundler.receive(request.changes, request.reset);
      if (request.reset) sent = new Map();
      // An init failure rejects: the worker is broken and the client restarts it.
      await initOnce();
      const ms = () => Math.round(performance.now() - start);
      try {
        const { entry, cdnBase } = request;
        const { program, diagnostics } = await bundler.build({ entry, cdnBase }, isStale);
        if (!program) return { id: request.id, diagnostics, ms: ms() };
        // Synchronous up to the return: replies reach the client in the order they are made.
        const delta = programReply(program, sent);
        sent = delta.sent;
        return { id: request.id, program: delta.reply, diagnostics, ms: ms() };
      } catch (error) {
        if (error instanceof StaleBuild) return { id: request.id, diagnostics: [], ms: ms() };
        // A bug in the bundler for this input: report it, keep the worker.
        const text = `Internal bundler error: ${error instanceof Error ? error.message : String(error)}`;
        return { id: request.id, diagnostics: [{ severity: 'error', text }], ms: ms() };
      }
    },
    async warmUp({ entry, cdnBase, budgetMs }) {
      const seen = interruptions;
      const interrupted = () => interruptions !== seen;
      await initOnce();
      return warmUp({
        makeBundler: () => createBundler({ esbuild, transform, guardLoops }),
        files: bundler.files,
        entry,
        cdnBase,
        interrupted,
        now: () => performance.now(),
        yieldTask,
        budgetMs,
      });
    },
    stopWarmUp() {
      interruptions++;
    },
  };
};
