import type * as VueCompiler from 'vue/compiler-sfc';
import type { Diagnostic, ProjectFile } from '../../../src/protocol';
import { fileAt } from '../../../src/project/model/file-lookup';
import {
  joinPieces,
  positionAt,
  styleSpecifier,
  type CompiledComponent,
  type ComponentStyle,
  type MappedPiece,
} from './component-module';

export type VueCompilerApi = typeof VueCompiler;

/** The component object's name in the module, as @vitejs/plugin-vue names it. */
const MAIN = '_sfc_main';

/** A short stable hash of the file's path: its scope id (`data-v-…`), as Vite's dev server does. */
export const scopeHash = (path: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
};

type Block = VueCompiler.SFCBlock;

/** The diagnostic of an error thrown or returned by the compiler, at its place in the file. */
function errorAt(
  path: string,
  source: string,
  error: unknown,
  block?: Block | null,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  const e = error as {
    message?: string;
    loc?: { start?: { line: number; column: number; offset?: number } } | null;
    pos?: number;
  };
  const full = typeof error === 'string' ? error : String(e.message ?? error);
  // The compiler appends the file name and a code frame: the list shows the place instead.
  const text = full
    .replace(/^\[@?vue\/compiler-sfc\]\s*/, '')
    .split(/\n\n/)[0]!
    .replace(/\s*\(\d+:\d+\)$/, '');
  // Babel's errors (a script's syntax) count from the block's start.
  if (typeof e.pos === 'number' && block)
    return { severity, file: path, ...positionAt(source, block.loc.start.offset + e.pos), text };
  // The template compiler's count from the file's start (1-based).
  const start = e.loc?.start;
  if (start && typeof start.line === 'number')
    return { severity, file: path, line: start.line, column: start.column, text };
  // Script errors name their place only in the code frame: the line above its carets (the
  // longest run of them: a range's first line may show one caret at its end).
  const frame = full.split('\n');
  const carets = (l: string) => (/^\s*\|\s*(\^+)/.exec(l)?.[1] ?? '').length;
  const caret = frame.reduce(
    (best, l, i) => (carets(l) > carets(frame[best] ?? '') ? i : best),
    -1,
  );
  const line = caret > 0 ? /^\s*(\d+)\s*\|/.exec(frame[caret - 1]!) : null;
  if (line) {
    const column = frame[caret]!.indexOf('^') - frame[caret]!.indexOf('|') - 2;
    return { severity, file: path, line: Number(line[1]), column: Math.max(1, column), text };
  }
  return { severity, file: path, text };
}

/**
 * What compileScript may read to resolve types that `defineProps<…>()` imports from other
 * project files; records each file read.
 */
function projectFs(files: Readonly<Record<string, ProjectFile>>, reads: Set<string>) {
  const at = (file: string) => fileAt(files, file.replace(/^\/+/, ''));
  return {
    fileExists: (file: string) => at(file)?.kind === 'text',
    readFile: (file: string) => {
      const found = at(file);
      reads.add(file.replace(/^\/+/, ''));
      return found?.kind === 'text' ? found.text : undefined;
    },
  };
}

/** Languages a `<script>`, `<template>` or `<style>` may declare here: no preprocessors. */
function unsupported(path: string, source: string, d: VueCompiler.SFCDescriptor): Diagnostic[] {
  const out: Diagnostic[] = [];
  // At the block's opening tag (its loc starts after it, at the content).
  const at = (block: Block, text: string) => ({
    severity: 'error' as const,
    file: path,
    ...positionAt(source, source.lastIndexOf('<', block.loc.start.offset)),
    text,
  });
  for (const block of [d.script, d.scriptSetup])
    if (block?.lang && !['ts', 'js'].includes(block.lang))
      out.push(at(block, `<script lang="${block.lang}"> is not supported: use "ts" or "js".`));
  if (d.template?.lang && d.template.lang !== 'html')
    out.push(at(d.template, `<template lang="${d.template.lang}"> is not supported: write HTML.`));
  for (const style of d.styles)
    if (style.lang && style.lang !== 'css')
      out.push(at(style, `<style lang="${style.lang}"> is not supported: write plain CSS.`));
  return out;
}

/**
 * A `.vue` file as one ES module, as @vitejs/plugin-vue makes it in development: the script
 * (`<script setup>` and/or `<script>`, TypeScript kept for esbuild to strip), the template's
 * render function (compiled apart, not inlined: its map points runtime errors at template
 * lines, and its warnings name components), scoped and module styles, `__file` for warnings.
 */
export function compileVue(
  compiler: VueCompilerApi,
  path: string,
  source: string,
  files: Readonly<Record<string, ProjectFile>>,
): CompiledComponent {
  const { descriptor, errors } = compiler.parse(source, { filename: path, sourceMap: true });
  if (errors.length)
    return { ok: false, errors: errors.map((e) => errorAt(path, source, e)), warnings: [] };
  const refused = unsupported(path, source, descriptor);
  if (refused.length) return { ok: false, errors: refused, warnings: [] };
  const { script, scriptSetup, template, styles } = descriptor;
  const lang = (scriptSetup ?? script)?.lang === 'ts' ? 'ts' : 'js';
  const id = scopeHash(path);
  const scoped = styles.some((s) => s.scoped);
  const warnings: Diagnostic[] = [];
  const reads = new Set<string>();
  const pieces: MappedPiece[] = [];

  let bindings: VueCompiler.BindingMetadata | undefined;
  if (script || scriptSetup) {
    try {
      const compiled = compiler.compileScript(descriptor, {
        id,
        isProd: false,
        inlineTemplate: false,
        sourceMap: true,
        genDefaultAs: MAIN,
        fs: projectFs(files, reads),
      });
      bindings = compiled.bindings;
      // Vue keeps the types it read per file name; those files may change before the next
      // compile, which then reads them again (the compile cache knows they were read).
      for (const read of reads) compiler.invalidateTypeCache(read);
      pieces.push({ code: compiled.content, map: compiled.map as never });
    } catch (error) {
      return {
        ok: false,
        errors: [errorAt(path, source, error, scriptSetup ?? script)],
        warnings,
      };
    }
  } else pieces.push({ code: `const ${MAIN} = {};` });

  if (template) {
    const compiled = compiler.compileTemplate({
      id,
      filename: path,
      source: template.content,
      ast: template.ast,
      inMap: template.map,
      isProd: false,
      scoped,
      slotted: descriptor.slotted,
      compilerOptions: {
        bindingMetadata: bindings,
        expressionPlugins: lang === 'ts' ? ['typescript'] : [],
        isTS: lang === 'ts',
      },
    });
    if (compiled.errors.length)
      return {
        ok: false,
        errors: compiled.errors.map((e) => errorAt(path, source, e)),
        warnings,
      };
    for (const tip of compiled.tips) warnings.push({ severity: 'warning', file: path, text: tip });
    pieces.push({
      code: compiled.code.replace(/\bexport (function|const) render\b/, '$1 _sfc_render'),
      map: compiled.map as never,
    });
    pieces.push({ code: `${MAIN}.render = _sfc_render;` });
  }

  const compiledStyles: ComponentStyle[] = [];
  const glue: string[] = [];
  const modules: string[] = [];
  for (const [i, style] of styles.entries()) {
    const result = compiler.compileStyle({
      id: `data-v-${id}`,
      filename: path,
      source: style.content,
      scoped: style.scoped,
      isProd: false,
    });
    const errors = result.errors.map((e) => errorAt(path, source, e, style));
    if (errors.length) return { ok: false, errors, warnings };
    if (style.module) {
      const name = typeof style.module === 'string' ? style.module : '$style';
      compiledStyles.push({ css: result.code, module: name, line: style.loc.start.line });
      glue.push(`import _style_${i} from ${JSON.stringify(styleSpecifier(i))};`);
      modules.push(`${JSON.stringify(name)}: _style_${i}`);
    } else {
      compiledStyles.push({ css: result.code, line: style.loc.start.line });
      glue.push(`import ${JSON.stringify(styleSpecifier(i))};`);
    }
  }
  if (scoped) glue.push(`${MAIN}.__scopeId = ${JSON.stringify(`data-v-${id}`)};`);
  if (modules.length) glue.push(`${MAIN}.__cssModules = { ${modules.join(', ')} };`);
  glue.push(`${MAIN}.__file = ${JSON.stringify(path)};`, `export default ${MAIN};`);
  pieces.push({ code: glue.join('\n') });

  const joined = joinPieces(pieces, path, source);
  return {
    ok: true,
    code: joined.code,
    map: joined.map,
    lang,
    styles: compiledStyles,
    warnings,
    reads: [...reads],
  };
}
