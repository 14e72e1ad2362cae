/**
 * The project and what the bundler worker makes of it: the project model's data, the build
 * request and result (the worker's comlink API), and the program the preview runs. Plain
 * data, no Monaco, no React; src/protocol/index.ts re-exports it for the preview's messages.
 */

// ---------------------------------------------------------------------------
// Project data (plain, no Monaco, no React)

export type ProjectFile =
  { kind: 'text'; text: string } | { kind: 'binary'; bytes: Uint8Array; mime: string };

export interface Project {
  /** Shown in the title and used as the zip's folder name. */
  name: string;
  /** POSIX relative paths (no `..`, no leading `/`) to contents. */
  files: Record<string, ProjectFile>;
  /** Path of the module evaluated first. */
  entry: string;
}

// ---------------------------------------------------------------------------
// Bundler worker (comlink API: workers/bundler.worker.ts)

export interface BuildRequest {
  /** Increasing per request; a result whose id is not the latest is dropped. */
  id: number;
  /**
   * Files changed since this worker's previous request (null: deleted); the whole project when
   * `reset`. The worker keeps a mirror of the rest, so an edit sends one file, not the project.
   */
  changes: Record<string, ProjectFile | null>;
  /** `changes` is the whole project (a new worker): the worker drops the files it had. */
  reset: boolean;
  entry: string;
  /** Base URL of the ESM CDN for bare imports other than React, e.g. `https://esm.sh/`. */
  cdnBase: string;
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Project path the diagnostic points at, when known. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  text: string;
}

/** One module of a built program, evaluated by the runtime's module registry. */
export type ProgramModule =
  | {
      kind: 'js';
      /**
       * A JS function expression `(function (require, module, exports) { … })` ready for
       * indirect eval, ending in a `//# sourceURL=` comment naming `sourceUrl`. A module with
       * loops has a 4th parameter, the loop guard: each loop iteration counts down its `c`
       * and calls it with the loop's "file:line" when that runs out
       * (`if (--__ppLoop.c < 0) __ppLoop("src/main.ts:2");`); the runtime passes its guard,
       * which throws "Possible infinite loop at src/main.ts:2" when the tick's budget is spent.
       */
      code: string;
      /** The URL stack frames of this module carry (see `sourceUrl()` below). */
      url: string;
      /** Source map (JSON text) from `code` back to the project file. */
      map: string;
      /** Import specifier as written → resolved module id (project path, vendor id or CDN URL). */
      deps: Record<string, string>;
    }
  | {
      kind: 'css';
      /** Bundled CSS text; injected as a <style> when the module is first required. */
      css: string;
    }
  | {
      kind: 'asset';
      /** The module's default export is an object URL for these bytes, made in the iframe. */
      bytes: Uint8Array;
      mime: string;
    };

export interface Program {
  /** Module id evaluated first (a project path). */
  entry: string;
  /** Module ids are project paths, e.g. `src/main.tsx`. */
  modules: Record<string, ProgramModule>;
  /** Prebuilt vendor module ids the program requires (`react`, `react-dom/client`, …). */
  vendor: string[];
  /** ESM CDN URLs the program requires; loaded with dynamic import before the entry runs. */
  cdn: string[];
  /** Body HTML of the project's index.html (entry script removed), if it has one. */
  html?: string;
  /** `<head>` content of the project's index.html worth keeping (title, styles), if any. */
  head?: string;
}

export interface BuildResult {
  id: number;
  /** Absent when the build failed (see diagnostics). */
  program?: Program;
  diagnostics: Diagnostic[];
  /** Wall time spent in the worker, for the bench and the status tooltip; null: known, not built (first-program.ts). */
  ms: number | null;
}

/**
 * A program as the bundler worker sends it: the modules this worker sent in its previous reply
 * are named, not copied again, so a one-file edit crosses the thread boundary as one module
 * instead of a structured clone of the whole program (program-delta.ts makes and reads it).
 */
export interface ProgramReply extends Omit<Program, 'modules'> {
  /** Every module id of the program, in the program's order. */
  paths: string[];
  /** The modules not sent, as the same object, in the previous reply. */
  modules: Record<string, ProgramModule>;
}

/** A BuildResult as the worker sends it: its program relative to the worker's previous reply. */
export interface BuildReply extends Omit<BuildResult, 'program'> {
  /** Absent when the build failed (see diagnostics). */
  program?: ProgramReply;
}

export interface BundlerApi {
  /** Build the project; rejects only if the worker itself is broken. */
  build(request: BuildRequest): Promise<BuildReply>;
  /**
   * Builds the last request's project from scratch until builds stop getting faster (the
   * browser has optimised the bundler's code), within `budgetMs`; any build request stops it.
   */
  warmUp(request: WarmUpRequest): Promise<WarmUpResult>;
  /** Stops a warm-up under way: the user is typing, and the cores are theirs. */
  stopWarmUp(): void;
}

/** What to warm up on: the project the worker already has, with the last request's entry. */
export interface WarmUpRequest {
  entry: string;
  cdnBase: string;
  /** Gives up after this long (ms). */
  budgetMs: number;
}

/** What a warm-up did (the bench prints it). */
export interface WarmUpResult {
  /** Full builds it finished. */
  rounds: number;
  /** The fastest of them (ms); Infinity when none finished. */
  bestMs: number;
  /** calm: builds stopped getting faster; budget: out of time; interrupted: a build request came. */
  ended: 'calm' | 'budget' | 'interrupted';
  /** How long it took in the worker (ms). */
  ms: number;
}

/**
 * Modules served prebuilt by the preview (never bundled per edit, never from a CDN), by the
 * bundle that carries them: `preview/<bundle>-vendor.js`, fetched only by a program that
 * imports one of its modules (scripts/build-preview.mjs builds them).
 */
export const VENDOR_BUNDLES = {
  react: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  vue: ['vue'],
  // What compiled components import, and the public modules beside them: one copy of Svelte's
  // internals, which every module of a program must share.
  svelte: [
    'svelte',
    'svelte/internal/client',
    'svelte/internal/disclose-version',
    'svelte/internal/flags/async',
    'svelte/internal/flags/legacy',
    'svelte/internal/flags/tracing',
    'svelte/animate',
    'svelte/attachments',
    'svelte/easing',
    'svelte/events',
    'svelte/legacy',
    'svelte/motion',
    'svelte/reactivity',
    'svelte/reactivity/window',
    'svelte/store',
    'svelte/transition',
  ],
} as const;
export type VendorBundle = keyof typeof VENDOR_BUNDLES;
export type VendorModule = (typeof VENDOR_BUNDLES)[VendorBundle][number];
export const VENDOR_MODULES: readonly VendorModule[] = Object.values(VENDOR_BUNDLES).flat();

const BUNDLE_OF = new Map<string, VendorBundle>(
  (Object.keys(VENDOR_BUNDLES) as VendorBundle[]).flatMap((b) =>
    VENDOR_BUNDLES[b].map((id) => [id, b] as const),
  ),
);

/** The bundle that serves a vendor module id, or undefined for any other specifier. */
export const vendorBundleOf = (id: string): VendorBundle | undefined => BUNDLE_OF.get(id);

/** The bundles a program's vendor modules come from, in VENDOR_BUNDLES' order. */
export const vendorBundlesFor = (ids: readonly string[]): VendorBundle[] => {
  const wanted = new Set(ids.map(vendorBundleOf));
  return (Object.keys(VENDOR_BUNDLES) as VendorBundle[]).filter((b) => wanted.has(b));
};

/** URL prefix of user modules in stack traces; maps back through `ProgramModule.map`. */
export const SOURCE_URL_PREFIX = 'playpen:///';
export const sourceUrl = (path: string) => SOURCE_URL_PREFIX + path;
