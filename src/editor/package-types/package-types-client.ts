/**
 * The app's side of type acquisition: asks the types worker for each package the project
 * imports (again when its version in package.json, its subpaths or the type source change),
 * hands the files it gets to the editor, and keeps a status for the user. The worker is
 * started on the first bare import, not at load.
 */
import { wrap } from 'comlink';
import { createStore } from 'zustand/vanilla';
import type { ProjectFile } from '../../protocol';
import type { PackageTypesApi, TypeFile } from '../../protocol/package-types';
import { readDependencies } from '../../project/model/package-json';
import { wantedPackages } from './wanted-packages';
import { cachedUntypedImports } from '../ambient';

/** What the user is told about package types. */
export interface PackageTypesStatus {
  /** Packages whose types are being fetched, in request order. */
  fetching: string[];
  /** Package → why it has no types (it still runs). */
  failed: Record<string, string>;
  /** Packages with types in the editor. */
  typed: string[];
}

export interface PackageTypesOptions {
  /** Starts the types worker. */
  createWorker: () => Worker;
  /** The type source base URL now (a setting). */
  getBase: () => string;
  /** Talks to the worker; comlink's `wrap` unless a test injects a fake. */
  connect?: (worker: Worker) => PackageTypesApi;
}

/** `@scope/pkg` → `@types/scope__pkg`, as DefinitelyTyped names them. */
const typesPackageOf = (name: string) =>
  '@types/' + (name.startsWith('@') ? name.slice(1).replace('/', '__') : name);

export type PackageTypes = ReturnType<typeof createPackageTypes>;

export function createPackageTypes(options: PackageTypesOptions) {
  const connect = options.connect ?? ((worker: Worker) => wrap<PackageTypesApi>(worker));
  const status = createStore<PackageTypesStatus>()(() => ({ fetching: [], failed: {}, typed: [] }));
  const listeners = new Set<(files: TypeFile[], name: string) => void>();
  const asked = new Map<string, string>(); // package → the request it was last asked with
  const importsOf = cachedUntypedImports();
  let worker: Worker | undefined;
  let api: PackageTypesApi | undefined;
  let lastFiles: Record<string, ProjectFile> = {};

  /** Starts the worker; if it dies, what it was fetching fails with a message and is asked again next time. */
  const start = () => {
    const started = (worker = options.createWorker());
    started.addEventListener('error', () => {
      started.terminate();
      if (worker !== started) return;
      worker = api = undefined;
      const lost = status.getState().fetching;
      lost.forEach((name) => asked.delete(name));
      const message = 'The types worker stopped; types are fetched again at the next edit.';
      status.setState((s) => ({
        fetching: [],
        failed: { ...s.failed, ...Object.fromEntries(lost.map((name) => [name, message])) },
      }));
    });
    return connect(started);
  };
  const settle = (name: string, patch: (s: PackageTypesStatus) => Partial<PackageTypesStatus>) =>
    status.setState((s) => ({ ...patch(s), fetching: s.fetching.filter((n) => n !== name) }));

  async function acquire(
    name: string,
    key: string,
    subpaths: string[],
    deps: Record<string, string>,
    base: string,
  ) {
    api ??= start();
    status.setState((s) => ({ fetching: [...s.fetching.filter((n) => n !== name), name] }));
    const result = await api
      .acquire({ name, subpaths, base, dependencies: deps })
      .catch((error: unknown) => ({
        ok: false as const,
        name,
        message: `Types for ${name} could not be fetched (${String(error)}).`,
      }));
    if (asked.get(name) !== key) return; // asked again meanwhile: that answer counts
    if (result.ok) {
      for (const listener of listeners) listener(result.files, name);
      settle(name, (s) => {
        const { [name]: _dropped, ...failed } = s.failed;
        return { failed, typed: s.typed.includes(name) ? s.typed : [...s.typed, name] };
      });
    } else {
      settle(name, (s) => ({ failed: { ...s.failed, [name]: result.message } }));
    }
  }

  /** Looks at the project's imports; asks for what is new or changed. */
  function update(files: Record<string, ProjectFile>) {
    lastFiles = files;
    const deps = readDependencies(files['package.json']);
    const base = options.getBase();
    const wanted = wantedPackages(files, importsOf);
    // An import removed: its message and its types go (no stale lib keeps a name the project
    // no longer imports), an answer still on its way is ignored, and it is asked again if it
    // comes back.
    const gone = [...asked.keys()].filter((name) => !wanted.has(name));
    gone.forEach((name) => asked.delete(name));
    if (gone.length > 0) {
      status.setState((s) => ({
        failed: Object.fromEntries(Object.entries(s.failed).filter(([name]) => wanted.has(name))),
        fetching: s.fetching.filter((name) => wanted.has(name)),
        typed: s.typed.filter((name) => wanted.has(name)),
      }));
      for (const name of gone) for (const listener of listeners) listener([], name);
    }
    for (const [name, subpaths] of wanted) {
      const key = JSON.stringify([
        base,
        deps[name] ?? '',
        deps[typesPackageOf(name)] ?? '',
        subpaths,
      ]);
      if (asked.get(name) === key) continue;
      asked.set(name, key);
      void acquire(name, key, subpaths, deps, base);
    }
  }

  return {
    /** The status, for the view (useStore). */
    status,
    update,
    /** Asks again with the latest files (after the type source changed). */
    refresh: () => update(lastFiles),
    /** Hides a package's failure message (it comes back if its import changes). */
    dismiss(name: string) {
      status.setState((s) => ({
        failed: Object.fromEntries(Object.entries(s.failed).filter(([n]) => n !== name)),
      }));
    },
    /**
     * Calls `listener` with each package's files as they arrive, and with none once no file
     * imports the package any more (its files may go, unless another package brought them
     * too); returns the unsubscribe.
     */
    onFiles(listener: (files: TypeFile[], name: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      void api?.cancel().catch(() => undefined);
      worker?.terminate();
      worker = api = undefined;
      asked.clear();
    },
  };
}
