import { BUNDLER_VERSION } from 'virtual:playpen-bundler-version';
import type { BuildResult } from '../protocol';
import { createProgramCache, type ProgramCache } from '../project/storage/program-cache';
import { programKey } from '../project/storage/program-key';
import { buildFromJson } from '../project/storage/program-json';
import type { BundlerClientOptions, ProjectBuild } from '../run/bundler-client';
import type { RunController } from '../run/controller';
import { afterFirstRun } from './first-run-gates';

/**
 * Longest the first run waits to learn whether its program is known: a storage that never
 * answers must not hold it for good. It usually takes tens of ms, but under load (e2e on two
 * busy cores) IndexedDB's first open passed 3 s; the project's own restore has just read the
 * same storage, so a hang here is unlikely.
 */
const LOOKUP_MS = 10_000;
/** A finished build is cached once builds pause this long: never on an edit's path. */
const CACHE_AFTER_MS = 2000;
/** After a first run shown from a known program, the worker builds it too once that run has settled, or after this long. */
const WARM_AFTER_MS = 4000;

/** The program shipped for the default project (scripts/first-program-plugin.ts). */
export interface ShippedProgram {
  /** programKey() of the default project's build inputs. */
  key: string;
  /** Its build as buildToJson() text. */
  json: string;
}

export interface FirstProgramsOptions {
  /** Programs cached per project (default: IndexedDB's); null keeps none (an embed stores nothing). */
  cache?: ProgramCache | null;
  /** Loads the shipped program's chunk; called at once so it loads while the app starts. */
  shipped?: () => Promise<ShippedProgram>;
  /** The bundler's version, part of every key. */
  version?: string;
  /** The worker's own first build waits for this too (e.g. the editor's first paint). */
  warmAfter?: Promise<unknown>;
  /** Which project a build is of (its saved id): the cache keeps one program per project. */
  slot?: () => string;
  /** Runs again: the known program was not what the bundler gives. */
  rerun(): void;
}

/** A first run that need not wait for esbuild: known programs, and caching new ones. */
export interface FirstPrograms {
  /** The bundler client's options for it. */
  hooks: Required<
    Pick<BundlerClientOptions, 'firstBuild' | 'warmAfter' | 'onBuilt' | 'onKnownBuildDiffers'>
  >;
  /** Lets the worker's own build start once `controller`'s first run has settled. */
  follow(controller: RunController): void;
  /** Stops a cache write still waiting. */
  dispose(): void;
}

const keyOf = (request: ProjectBuild, bundler: string) => programKey({ ...request, bundler });

export function createFirstPrograms({
  cache = createProgramCache(),
  shipped = () => import('virtual:playpen-first-program'),
  version = BUNDLER_VERSION,
  warmAfter,
  slot = () => '',
  rerun,
}: FirstProgramsOptions): FirstPrograms {
  const ship = shipped();
  ship.catch(() => {});
  let firstSlot: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = () => {};
  const firstRun = new Promise<void>((resolve) => {
    settled = resolve;
    setTimeout(resolve, WARM_AFTER_MS);
  });

  const lookup = async (request: ProjectBuild) => {
    const at = (firstSlot = slot());
    const key = await keyOf(request, version);
    const { key: shippedKey, json } = await ship.catch(() => ({ key: '', json: '' }));
    if (key === shippedKey) return buildFromJson(json);
    return cache?.get(at, key);
  };

  const hooks: FirstPrograms['hooks'] = {
    firstBuild(request) {
      const late = new Promise<undefined>((resolve) => setTimeout(resolve, LOOKUP_MS));
      return Promise.race([lookup(request), late]);
    },
    warmAfter: Promise.all([warmAfter, firstRun]),
    onBuilt(request, { program, diagnostics }: BuildResult) {
      clearTimeout(timer);
      if (!cache || !program) return;
      const at = slot();
      timer = setTimeout(async () => {
        const key = await keyOf(request, version);
        const shippedKey = await ship.then((s) => s.key).catch(() => '');
        if (key !== shippedKey) await cache.put(at, key, { program, diagnostics });
      }, CACHE_AFTER_MS);
    },
    onKnownBuildDiffers() {
      if (firstSlot !== undefined) void cache?.delete(firstSlot);
      rerun();
    },
  };
  return {
    hooks,
    follow: (controller) => afterFirstRun(controller, settled),
    dispose: () => clearTimeout(timer),
  };
}
