import {
  vendorBundlesFor,
  type Program,
  type RuntimeMessage,
  type VendorBundle,
} from '../protocol/index.ts';
import { errorMessage } from './errors.ts';
import type { GuardedCall } from './guarded-call.ts';
import { createModuleRegistry, type RegistryEnv } from './module-registry.ts';

export interface RunEnv extends Omit<RegistryEnv, 'vendor' | 'cdn'> {
  /** Puts the project's index.html head and body content into the document. */
  applyDocument: (program: Program) => void;
  /** Loads the prebuilt vendor bundles these modules come from (evaluating none of them yet). */
  loadVendor: (
    bundles: readonly VendorBundle[],
  ) => Promise<Readonly<Record<string, () => unknown>>>;
  /** Dynamic `import()` of a CDN URL. */
  importUrl: (url: string) => Promise<object>;
  /** Runs before CDN modules and the entry are evaluated: the place to install the virtual clock. */
  beforeEvaluate?: () => void;
  send: (message: RuntimeMessage) => void;
  /** The real console.error, so devtools also show evaluation errors. */
  logError?: (err: unknown) => void;
  /**
   * Evaluates the entry so that the browser reports a throw at its site (guarded-call.ts);
   * without it the error is caught and sent here, with the frames an Error carries.
   */
  guard?: GuardedCall;
}

/**
 * Runs a program: document content, `beforeEvaluate` (the virtual clock), vendor bundle and CDN
 * modules (load errors are reported, naming what failed, and stop the run), then the entry
 * module (tick 0). An error
 * thrown while evaluating is reported as uncaught. `evaluated` is always sent at the end.
 */
export async function runProgram(program: Program, env: RunEnv): Promise<void> {
  try {
    env.applyDocument(program);
    // Before any package code runs: CDN modules are evaluated as they load, and code that
    // captures setTimeout, Date or performance at load must capture the virtual ones.
    env.beforeEvaluate?.();
    const loaded = await loadDependencies(program, env);
    if (loaded) {
      const registry = createModuleRegistry(program.modules, { ...env, ...loaded });
      const guard = env.guard;
      if (guard) guard(() => void registry.require(program.entry));
      else
        try {
          registry.require(program.entry);
        } catch (err) {
          env.logError?.(err);
          env.send(errorMessage('uncaught', err));
        }
    }
  } finally {
    env.send({ type: 'evaluated' });
  }
}

async function loadDependencies(
  program: Program,
  env: RunEnv,
): Promise<Pick<RegistryEnv, 'vendor' | 'cdn'> | null> {
  const failures: RuntimeMessage[] = [];
  const loadError = (what: string, err: unknown): RuntimeMessage => {
    const reason = errorMessage('load', err).message;
    return {
      type: 'error',
      kind: 'load',
      message: `Failed to load ${what}: ${reason}`,
      frames: [],
    };
  };
  const bundles = vendorBundlesFor(program.vendor);
  const vendorPromise = bundles.length > 0 ? env.loadVendor(bundles) : Promise.resolve({});
  const cdnPromise = Promise.allSettled(program.cdn.map((url) => env.importUrl(url)));
  let vendor: Readonly<Record<string, () => unknown>> = {};
  try {
    vendor = await vendorPromise;
  } catch (err) {
    failures.push(loadError(`the prebuilt modules (${program.vendor.join(', ')})`, err));
  }
  const cdn = new Map<string, object>();
  (await cdnPromise).forEach((result, i) => {
    const url = program.cdn[i]!;
    if (result.status === 'fulfilled') cdn.set(url, result.value);
    else failures.push(loadError(url, result.reason));
  });
  for (const f of failures) env.send(f);
  return failures.length ? null : { vendor, cdn };
}
