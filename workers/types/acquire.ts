/**
 * One package's types, as the TypeScript Playground's ATA gets them: the package's own
 * declarations, else its DefinitelyTyped package (`@types/…`), then the packages those
 * declarations import, each at the version its importer's package.json asks for.
 */
import type {
  PackageTypesRequest,
  PackageTypesResult,
  TypeFile,
} from '../../src/protocol/package-types';
import { cdnPackage } from '../bundler/cdn-url';
import { crawlPackage, type Crawled, type FetchText } from './crawl-package';

/**
 * Not fetched: React's types ship with the app (src/editor/type-libs.ts), and Node's are
 * wrong for code that runs in a browser (a `/// <reference types="node" />` stays unresolved,
 * which skipLibCheck leaves unreported).
 */
const LOCAL_OR_UNWANTED = new Set(['react', 'react-dom', 'csstype', 'node', '@types/node']);

/** Packages one acquisition may pull in (the package and what its types import). */
export const MAX_PACKAGES = 40;

/** `@scope/pkg` → `@types/scope__pkg`, as DefinitelyTyped names them. */
export const typesPackageOf = (name: string): string =>
  '@types/' + (name.startsWith('@') ? name.slice(1).replace('/', '__') : name);

const versionOrLatest = (range: string | undefined) => range ?? 'latest';

type Typed = { kind: 'typed'; source: string; crawled: Extract<Crawled, { kind: 'typed' }> };

/** A package's own types, else its @types package's; `missing` when the source lacks both. */
async function typedCrawl(
  name: string,
  range: string | undefined,
  subpaths: string[],
  base: string,
  projectDeps: Record<string, string>,
  fetchText: FetchText,
): Promise<Typed | { kind: 'missing' | 'untyped' }> {
  const pkg = cdnPackage(name, range);
  const own = await crawlPackage(
    name,
    pkg.name,
    versionOrLatest(pkg.version),
    subpaths,
    base,
    fetchText,
  );
  if (own.kind === 'typed') return { kind: 'typed', source: name, crawled: own };
  const dt = typesPackageOf(name);
  const dtPkg = cdnPackage(dt, projectDeps[dt]);
  const fromDt = await crawlPackage(
    dt,
    dtPkg.name,
    versionOrLatest(dtPkg.version),
    subpaths,
    base,
    fetchText,
  );
  if (fromDt.kind === 'typed') return { kind: 'typed', source: dt, crawled: fromDt };
  return { kind: own.kind };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Acquires one package's types; never rejects (a failure is a result with a message). */
export async function acquirePackageTypes(
  request: PackageTypesRequest,
  fetchText: FetchText,
): Promise<PackageTypesResult> {
  const { name, base, dependencies } = request;
  let root: Awaited<ReturnType<typeof typedCrawl>>;
  try {
    root = await typedCrawl(
      name,
      dependencies[name],
      request.subpaths,
      base,
      dependencies,
      fetchText,
    );
  } catch (error) {
    return {
      ok: false,
      name,
      message: `Types for ${name} could not be fetched (${reason(error)}). It still runs, without type checking.`,
    };
  }
  if (root.kind !== 'typed') {
    return {
      ok: false,
      name,
      message:
        root.kind === 'missing'
          ? `The type source has no package ${name}${dependencies[name] ? '@' + dependencies[name] : ''}. It still runs if the package CDN has it, without type checking.`
          : `${name} has no types (none in the package or in ${typesPackageOf(name)}). It still runs, without type checking.`,
    };
  }
  const files: TypeFile[] = [...root.crawled.files];
  const done = new Set([name, root.source]);
  let queue = root.crawled.imports;
  // Packages the declarations import: best effort, a failure leaves that import untyped.
  while (queue.length && done.size < MAX_PACKAGES) {
    const next = queue.filter((dep) => !done.has(dep.name) && !LOCAL_OR_UNWANTED.has(dep.name));
    next.forEach((dep) => done.add(dep.name));
    const results = await Promise.all(
      next.map((dep) =>
        typedCrawl(
          dep.name,
          dep.range ?? dependencies[dep.name],
          [''],
          base,
          dependencies,
          fetchText,
        ).catch(() => null),
      ),
    );
    queue = [];
    for (const result of results) {
      if (result?.kind !== 'typed') continue;
      done.add(result.source);
      files.push(...result.crawled.files);
      queue.push(...result.crawled.imports);
    }
  }
  return { ok: true, name, source: root.source, version: root.crawled.version, files };
}
