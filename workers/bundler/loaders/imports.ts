import { pathRecord } from '../../../src/project/model/file-lookup';
import type { ImportRecord } from '../compile-js';
import type { LoadedModule } from '../loaded-module';
import type { LoadContext } from './load-context';

/**
 * Resolves the imports esbuild left in a compiled module: project files become children to
 * visit, vendor and CDN modules are collected, a package stylesheet becomes a CSS module.
 * `own` maps specifiers the loader made itself (a component's styles) to their module ids.
 * Returns the module's deps (specifier → module id) and the specifiers that failed, with why.
 */
export function resolveImports(
  path: string,
  imports: readonly ImportRecord[],
  lc: LoadContext,
  out: LoadedModule,
  own: ReadonlyMap<string, string> = new Map(),
): { deps: Record<string, string>; failures: Map<string, string> } {
  const deps = pathRecord<string>();
  const failures = new Map<string, string>();
  for (const { spec } of imports) {
    const mine = own.get(spec);
    if (mine !== undefined) {
      deps[spec] = mine;
      continue;
    }
    const r = lc.resolve(spec, path, lc.ctx);
    if (r.kind === 'error') failures.set(spec, r.text);
    else if (r.kind === 'project') out.children.push((deps[spec] = r.path));
    else if (r.kind === 'vendor') out.vendor.push((deps[spec] = r.id));
    else if (/\.css$/i.test(r.url)) {
      // A package stylesheet: a CSS module that imports it, since CDNs serve CSS as CSS.
      out.modules[(deps[spec] = r.url)] = {
        kind: 'css',
        css: `@import url(${JSON.stringify(r.url)});`,
      };
    } else out.cdn.push((deps[spec] = r.url));
  }
  return { deps, failures };
}
