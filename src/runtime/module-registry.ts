import type { ProgramModule } from '../protocol/index.ts';
import { NO_PROBE, type ModuleProbe } from './probe/index.ts';

export interface RegistryEnv {
  /** Prebuilt vendor modules by id; each factory runs on first require. */
  vendor: Readonly<Record<string, () => unknown>>;
  /** Namespaces of the program's preloaded CDN modules, by URL. */
  cdn: ReadonlyMap<string, object>;
  /** Turns a module's code (a function expression) into a function: indirect eval in the iframe. */
  evaluate: (code: string) => unknown;
  /** Adds a stylesheet to the document (a CSS module, on first require). */
  injectCss: (css: string, id: string) => void;
  /** An object URL for an asset's bytes. */
  objectUrl: (bytes: Uint8Array, mime: string) => string;
  /**
   * The loop guard (loop-guard.ts), passed to every JS module as its 4th argument: guarded
   * loops call it as a parameter, which code outside the module cannot replace.
   */
  loopGuard?: (site: string) => void;
  /**
   * The fragment navigator's stand-in maker (fragment-nav.ts), every JS module's 5th argument:
   * the bundler routes writes like `location.hash = …` through it (location-sites.ts).
   */
  fragmentNav?: (target: unknown, key: string) => unknown;
  /**
   * A probed replay's probe (probe/index.ts), every JS module's 6th argument: the probe worker
   * makes logpoints and line-hit counters call it as `__ppProbe` (docs/logpoints.md).
   */
  probe?: ModuleProbe;
}

export interface ModuleRegistry {
  /** Evaluates a module (once) and returns its exports, CommonJS style. */
  require(id: string): unknown;
}

interface ModuleRecord {
  exports: unknown;
}

type Factory = (
  require: (spec: string) => unknown,
  module: ModuleRecord,
  exports: unknown,
  loopGuard: (site: string) => void,
  fragmentNav: (target: unknown, key: string) => unknown,
  probe: ModuleProbe,
) => void;

const noGuard = () => {};
const noNav = (target: unknown) => target;

/**
 * A CommonJS module registry for a built program. Modules are cached from the moment they
 * start evaluating, so a circular require gets the partial exports (as in Node); a module
 * whose evaluation throws is dropped from the cache so the error is not hidden next time.
 */
export function createModuleRegistry(
  modules: Readonly<Record<string, ProgramModule>>,
  env: RegistryEnv,
): ModuleRegistry {
  const cache = new Map<string, ModuleRecord>();
  const has = (id: string) => Object.prototype.hasOwnProperty.call(modules, id);
  const loopGuard = env.loopGuard ?? noGuard;
  const fragmentNav = env.fragmentNav ?? noNav;
  const probe = env.probe ?? NO_PROBE;

  function load(id: string, importer: string | undefined): unknown {
    const cached = cache.get(id);
    if (cached) return cached.exports;
    const record: ModuleRecord = { exports: {} };
    if (has(id)) {
      cache.set(id, record);
      // finally, not catch and rethrow: a rethrow would move a thrown value's reported site
      // (guarded-call.ts) from the user's throw to this line.
      let evaluated = false;
      try {
        evaluateModule(id, modules[id]!, record);
        evaluated = true;
      } finally {
        if (!evaluated) cache.delete(id);
      }
    } else if (Object.prototype.hasOwnProperty.call(env.vendor, id)) {
      record.exports = env.vendor[id]!();
      cache.set(id, record);
    } else if (env.cdn.has(id)) {
      record.exports = esmInterop(env.cdn.get(id)!);
      cache.set(id, record);
    } else {
      throw new Error(
        importer
          ? `Cannot find module '${id}' imported from ${importer}`
          : `Cannot find module '${id}'`,
      );
    }
    return record.exports;
  }

  function evaluateModule(id: string, mod: ProgramModule, record: ModuleRecord): void {
    switch (mod.kind) {
      case 'css':
        env.injectCss(mod.css, id);
        return;
      case 'asset':
        record.exports = { __esModule: true, default: env.objectUrl(mod.bytes, mod.mime) };
        return;
      case 'js': {
        const factory = env.evaluate(mod.code);
        if (typeof factory !== 'function')
          throw new Error(`Module ${id} did not evaluate to a function`);
        const deps = mod.deps;
        const requireFromHere = (spec: string) =>
          load(Object.prototype.hasOwnProperty.call(deps, spec) ? deps[spec]! : spec, id);
        (factory as Factory).call(
          record.exports,
          requireFromHere,
          record,
          record.exports,
          loopGuard,
          fragmentNav,
          probe,
        );
        return;
      }
    }
  }

  return { require: (id) => load(id, undefined) };
}

/**
 * What `require(cdnUrl)` returns. esbuild's `__toESM` treats an object without `__esModule`
 * as CommonJS and makes the whole object the default import, so a namespace with a default
 * export is mirrored (with live getters: namespaces cannot be extended) and marked.
 */
export function esmInterop(ns: object): object {
  const n = ns as Record<string, unknown>;
  if (!('default' in n) || n.__esModule) return ns;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(n)) {
    Object.defineProperty(out, key, { enumerable: true, get: () => n[key] });
  }
  Object.defineProperty(out, '__esModule', { value: true });
  return out;
}
