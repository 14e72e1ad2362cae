import { TraceMap } from '@jridgewell/trace-mapping';
import { sourceUrl, type Diagnostic } from '../../../src/protocol';
import { compileCss } from '../compile-css';
import { locateImportErrors, type JsSource } from '../compile-js';
import { mapDiagnostic, styleSpecifier, type ComponentStyle } from '../components/component-module';
import type { Framework } from '../components/compilers';
import { withInlineMap } from '../inline-map';
import type { LoadedModule } from '../loaded-module';
import { resolveImports } from './imports';
import { emptyModule, type LoadContext, type Loader } from './load-context';

/** A stylesheet that reads other files (an `@import`, a `url()`): bundled by esbuild. */
const needsBundling = (css: string) => /@import|url\(/i.test(css);

/**
 * A component's styles as modules of the program, each under the specifier its code imports
 * (`own`): a plain stylesheet as it is, one with imports or urls through esbuild's CSS bundler
 * (project files inlined, assets as data URLs, as `.css` files get), a `<style module>` through
 * esbuild's local CSS (its class map as a JS module, as `.module.css` files get). Returns
 * whether a stylesheet read other files (then the module is loaded afresh each build).
 */
async function addStyles(
  path: string,
  styles: readonly ComponentStyle[],
  lc: LoadContext,
  out: LoadedModule,
  own: Map<string, string>,
): Promise<boolean> {
  let readOthers = false;
  for (const [i, style] of styles.entries()) {
    if (!style.module && !needsBundling(style.css)) {
      const id = `${path}?style${i}`;
      out.modules[id] = { kind: 'css', css: style.css };
      own.set(styleSpecifier(i), id);
      continue;
    }
    // Named as a file beside the component: its relative imports resolve from there.
    const virtual = `${path}.${i}${style.module ? '.module' : ''}.css`;
    const compiled = await compileCss(lc.esbuild, virtual, lc.ctx, style.css);
    lc.checkStale();
    const place = (d: Diagnostic): Diagnostic =>
      d.file === virtual
        ? { ...d, file: path, ...(d.line ? { line: d.line + style.line - 1 } : {}) }
        : d;
    out.diagnostics.push(...compiled.warnings.map(place));
    if (!compiled.ok) {
      out.diagnostics.push(...compiled.errors.map(place));
      continue;
    }
    if (Object.keys(compiled.inputs).length > 0) readOthers = true;
    if (compiled.js) {
      const { code, map, cssId } = compiled.js;
      out.modules[virtual] = {
        kind: 'js',
        code: withInlineMap(code, map),
        map,
        url: sourceUrl(virtual),
        deps: { [cssId]: cssId },
      };
      out.modules[cssId] = { kind: 'css', css: compiled.css };
      own.set(styleSpecifier(i), virtual);
    } else {
      out.modules[virtual] = { kind: 'css', css: compiled.css };
      own.set(styleSpecifier(i), virtual);
    }
  }
  return readOthers;
}

/**
 * Components (`.vue`, `.svelte`) and Svelte's rune modules: compiled by their framework's
 * compiler (loaded on first use), then by esbuild like any script (types stripped, imports left
 * as `require`, the loop guard, the map chained through the compiler's back to the file), then
 * each import resolved; each `<style>` becomes a module of its own.
 */
export const loadComponent =
  (framework: Framework): Loader =>
  async (path, file, _type, lc) => {
    const at = lc.scope();
    if (file.kind !== 'text') return emptyModule(file, at, true);
    const compiled = await lc.compile.component(
      path,
      file,
      framework,
      lc.ctx.files,
      lc.tsconfigRaw,
    );
    lc.checkStale();
    if (!compiled.ok) {
      const out = emptyModule(file, at, true);
      out.diagnostics.push(...compiled.warnings, ...compiled.errors);
      return out;
    }
    const source: JsSource = {
      path,
      // esbuild reads the compiler's map from the comment and chains its own onto it.
      text: withInlineMap(compiled.code, JSON.stringify(compiled.map)),
      loader: compiled.lang,
      tsconfigRaw: lc.tsconfigRaw,
      original: file.text,
      ...(compiled.reads.length ? { variant: compiled.code } : {}),
    };
    const js = await lc.compile.js(source, file);
    lc.checkStale();
    const out = emptyModule(file, at, compiled.reads.length === 0);
    const trace = new TraceMap(compiled.map);
    const place = (d: Diagnostic) => mapDiagnostic(d, path, trace);
    out.diagnostics.push(...compiled.warnings, ...js.warnings.map(place));
    if (!js.ok) {
      out.diagnostics.push(...js.errors.map(place));
      return out;
    }
    const own = new Map<string, string>();
    if (await addStyles(path, compiled.styles, lc, out, own)) out.reusable = false;
    const { deps, failures } = resolveImports(path, js.imports, lc, out, own);
    if (failures.size) {
      const located = await locateImportErrors(lc.esbuild, source, failures);
      out.diagnostics.push(...located.map(place));
      lc.checkStale();
    }
    out.modules[path] = { kind: 'js', code: js.code, map: js.map, url: sourceUrl(path), deps };
    return out;
  };
