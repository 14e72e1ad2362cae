import type { BuildOptions, Message, Plugin } from 'esbuild-wasm';
import { sourceUrl, type Diagnostic, type ProjectFile } from '../../src/protocol';
import { failureMessages, toDiagnostic } from './diagnostics';
import type { EsbuildApi } from './esbuild-api';
import { cdnUrl } from './cdn-url';
import type { ResolveContext } from './resolve';
import { fileAt, findProjectFile, pathRecord } from '../../src/project/model/file-lookup';
import { fileTypeOf } from '../../src/project/model/file-types';
import { dirname, isPathSpecifier, isUrl, joinPath } from '../../src/project/model/paths';

export type CompiledCss =
  | {
      ok: true;
      css: string;
      /** For `.module.css`: a JS module exporting the class-name map and requiring `cssId`. */
      js?: { code: string; map: string; cssId: string };
      /** Every project file read (the CSS and what it imports), so a cache can check them. */
      inputs: Record<string, ProjectFile>;
      warnings: Diagnostic[];
    }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] };

/** Module id of the stylesheet half of a CSS module (its JS half keeps the file's path). */
export const cssModuleStyleId = (path: string) => `${path}?css`;

const ENTRY = 'playpen:entry';

/** esbuild names local classes after the file; the whole path keeps same-named files apart. */
const flatName = (path: string) =>
  path.replace(/[/.-]/g, '_').replace(/_module_css$/, '.module.css');

/**
 * Bundles one stylesheet with esbuild: `@import`s of project files are inlined, `url()`s of
 * project assets become data URLs, other URLs and bare `@import`s (→ CDN) stay external.
 * `text`, when given, is the stylesheet's content instead of the project file at `path` (a
 * component's `<style>`, named as a file beside the component so its imports resolve there).
 */
export const compileCss = async (
  esbuild: EsbuildApi,
  path: string,
  ctx: ResolveContext,
  text?: string,
): Promise<CompiledCss> => {
  const inputs = pathRecord<ProjectFile>();
  const isModule = path.endsWith('.module.css');
  const entry = isModule ? flatName(path) : path;
  const real = new Map<string, string>([[entry, path]]);
  const plugin: Plugin = {
    name: 'playpen-css',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point' || args.path === ENTRY)
          return { path: entry, namespace: 'project' };
        if (args.path === cssModuleStyleId(path)) return { path: args.path, external: true };
        if (isUrl(args.path)) return { path: args.path, external: true };
        const importer = real.get(args.importer) ?? args.importer;
        const spec = args.path.replace(/^~/, '').replace(/[?#].*$/, '');
        const joined = joinPath(dirname(importer), spec);
        const found = joined === null ? undefined : findProjectFile(ctx.files, joined);
        if (found) {
          const flat = found.endsWith('.module.css') ? flatName(found) : found;
          real.set(flat, found);
          return { path: flat, namespace: 'project' };
        }
        const url = args.kind === 'import-rule' && !isPathSpecifier(spec);
        const cdn = url ? cdnUrl(spec, ctx.cdnBase, ctx.deps) : null;
        if (cdn) return { path: cdn, external: true };
        return { errors: [{ text: `Could not resolve "${args.path}" from ${importer}` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'project' }, (args) => {
        const file = real.get(args.path) ?? args.path;
        if (text !== undefined && file === path)
          return { contents: text, loader: isModule ? 'local-css' : 'css' };
        const content = fileAt(ctx.files, file);
        if (!content) return { errors: [{ text: `File not found: ${file}` }] };
        inputs[file] = content;
        const body = content.kind === 'text' ? content.text : content.bytes;
        if (content.kind === 'text' && fileTypeOf(file).loader === 'css')
          return { contents: body, loader: file.endsWith('.module.css') ? 'local-css' : 'css' };
        return { contents: body, loader: 'dataurl' };
      });
    },
  };
  // A CSS module is bundled from a JS stub so esbuild emits the class-name map as JS too.
  const stub = `export * from "${ENTRY}";\nexport { default } from "${ENTRY}";\nrequire(${JSON.stringify(cssModuleStyleId(path))});`;
  const options: BuildOptions = {
    ...(isModule
      ? { stdin: { contents: stub, loader: 'js', sourcefile: path + '.js' }, outdir: '/out' }
      : { entryPoints: [path], outdir: '/out' }),
    absWorkingDir: '/',
    bundle: true,
    write: false,
    format: 'cjs',
    target: 'es2022',
    banner: { js: '(function (require, module, exports) {' },
    footer: { js: '})' },
    sourcemap: isModule ? 'external' : false,
    logLevel: 'silent',
    plugins: [plugin],
  };
  const diag = (m: Message, severity: Diagnostic['severity']) => {
    const d = toDiagnostic(m, severity, path);
    return { ...d, file: d.file && (real.get(d.file) ?? d.file) };
  };
  let result;
  try {
    result = await esbuild.build(options);
  } catch (error) {
    const { errors, warnings } = failureMessages(error);
    return {
      ok: false,
      errors: errors.map((m) => diag(m, 'error')),
      warnings: warnings.map((m) => diag(m, 'warning')),
    };
  }
  const out = (ext: string) => result.outputFiles?.find((f) => f.path.endsWith(ext))?.text ?? '';
  const warnings = result.warnings.map((m) => diag(m, 'warning'));
  const css = out('.css');
  if (!isModule) return { ok: true, css, inputs, warnings };
  const map = JSON.parse(out('.js.map') || '{"version":3,"sources":[],"mappings":""}') as {
    sources: string[];
  };
  map.sources = map.sources.map((s) => real.get(s.replace(/^project:/, '')) ?? s);
  const code = `${out('.js').trimEnd()}\n//# sourceURL=${sourceUrl(path)}`;
  return {
    ok: true,
    css,
    js: { code, map: JSON.stringify(map), cssId: cssModuleStyleId(path) },
    inputs,
    warnings,
  };
};
