/**
 * Types for npm packages (issue 14 item 1): what the app asks the types worker and what it
 * answers. The worker fetches a package's declaration files from the configured type source;
 * the app places them under `file:///node_modules/` for Monaco's TypeScript service.
 */

/** One fetched file (a .d.ts or a package.json) for the TypeScript service. */
export interface TypeFile {
  /** Path under node_modules, e.g. `fflate/lib/index.d.ts` or `@types/picomatch/index.d.ts`. */
  path: string;
  /** The file's text. */
  text: string;
}

/** Asks for the types of one package imported by the project. */
export interface PackageTypesRequest {
  /** The package name as imported (`fflate`, `@scope/pkg`), without a subpath. */
  name: string;
  /** Subpaths imported: '' for the package itself, `/sub` for `name/sub`. */
  subpaths: string[];
  /** Base URL of the type source: serves `<name>@<version>/<file>` raw, like jsDelivr's /npm/. */
  base: string;
  /** The project's package.json dependencies: name → version range (empty when absent). */
  dependencies: Record<string, string>;
}

/** What acquiring one package's types came to. */
export type PackageTypesResult =
  | {
      ok: true;
      /** The package name as imported. */
      name: string;
      /** The package that had the types: the package itself or its `@types/…` package. */
      source: string;
      /** The exact version of `source` that was fetched. */
      version: string;
      /** The declaration files and package.json files, of the package and of packages it imports. */
      files: TypeFile[];
    }
  | {
      ok: false;
      name: string;
      /** A sentence for the user: why there are no types (the package still runs). */
      message: string;
    };

/** The types worker's API (behind comlink). */
export interface PackageTypesApi {
  /** Fetches (or reads from cache) one package's types; never rejects. */
  acquire(request: PackageTypesRequest): Promise<PackageTypesResult>;
  /** Cancels every fetch under way (their acquisitions answer with a failure). */
  cancel(): Promise<void>;
}
