import type { Loader as EsbuildLoader } from 'esbuild-wasm';
import { sourceUrl } from '../../../src/protocol';
import { locateImportErrors, type JsSource } from '../compile-js';
import { resolveImports } from './imports';
import { emptyModule, type LoadContext, type Loader } from './load-context';

/** What esbuild compiles of a text file: plain text is data, never transformed. */
export const esbuildSource = (
  path: string,
  original: string,
  loader: EsbuildLoader,
  lc: Pick<LoadContext, 'transform' | 'tsconfigRaw'>,
): JsSource => {
  const text = lc.transform && loader !== 'text' ? lc.transform(path, original) : original;
  return { path, text, loader, tsconfigRaw: lc.tsconfigRaw, original };
};

/**
 * Scripts, JSON and plain text: compiled by esbuild's loader of the same name, then each
 * import resolved to a project file, a vendor module or a CDN URL.
 */
export const loadWithEsbuild: Loader = async (path, file, type, lc) => {
  const at = lc.scope();
  if (file.kind !== 'text') return emptyModule(file, at, true);
  const source = esbuildSource(path, file.text, type.loader as EsbuildLoader, lc);
  const compiled = await lc.compile.js(source, file);
  lc.checkStale();
  const out = emptyModule(file, at, true);
  out.diagnostics.push(...compiled.warnings);
  if (!compiled.ok) {
    out.diagnostics.push(...compiled.errors);
    return out;
  }
  const { deps: moduleDeps, failures } = resolveImports(path, compiled.imports, lc, out);
  if (failures.size) {
    out.diagnostics.push(...(await locateImportErrors(lc.esbuild, source, failures)));
    lc.checkStale();
  }
  const { code, map } = compiled;
  out.modules[path] = { kind: 'js', code, map, url: sourceUrl(path), deps: moduleDeps };
  return out;
};
