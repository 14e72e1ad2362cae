import type * as SvelteCompiler from 'svelte/compiler';
import type { Diagnostic } from '../../../src/protocol';
import {
  joinPieces,
  styleSpecifier,
  type CompiledComponent,
  type MappedPiece,
} from './component-module';

export type SvelteCompilerApi = typeof SvelteCompiler;

/** Svelte's errors and warnings: 1-based line, 0-based column. */
interface SvelteMessage {
  message: string;
  code?: string;
  start?: { line: number; column: number };
}

const toDiagnostic = (
  path: string,
  m: SvelteMessage,
  severity: Diagnostic['severity'],
): Diagnostic => ({
  severity,
  file: path,
  ...(m.start ? { line: m.start.line, column: m.start.column + 1 } : {}),
  text: m.message.split('\n')[0]!,
});

/** A compile error of Svelte's as the file's diagnostic (else the compiler's own failure). */
const failure = (
  path: string,
  error: unknown,
): { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] } => {
  const e = error as Partial<SvelteMessage> & { name?: string };
  if (e?.name !== 'CompileError' || typeof e.message !== 'string') throw error;
  return { ok: false, errors: [toDiagnostic(path, e as SvelteMessage, 'error')], warnings: [] };
};

/**
 * A `.svelte` component as @sveltejs/vite-plugin-svelte compiles it in development: runes or
 * legacy mode as the component is written, `<script lang="ts">` stripped by Svelte itself,
 * dev checks on, the scoped CSS as a stylesheet of its own (imported by the module).
 */
export function compileSvelte(
  compiler: SvelteCompilerApi,
  path: string,
  source: string,
): CompiledComponent {
  let result: ReturnType<SvelteCompilerApi['compile']>;
  try {
    result = compiler.compile(source, {
      filename: path,
      generate: 'client',
      dev: true,
      css: 'external',
    });
  } catch (error) {
    return failure(path, error);
  }
  const pieces: MappedPiece[] = [{ code: result.js.code, map: result.js.map as never }];
  const css = result.css?.code.trim() ? result.css.code : '';
  if (css) pieces.push({ code: `import ${JSON.stringify(styleSpecifier(0))};` });
  const joined = joinPieces(pieces, path, source);
  return {
    ok: true,
    code: joined.code,
    map: joined.map,
    lang: 'js',
    styles: css ? [{ css, line: lineOfStyle(source) }] : [],
    warnings: result.warnings.map((w) => toDiagnostic(path, w, 'warning')),
    reads: [],
  };
}

/** The line the `<style>` block's content starts on (1-based), for its CSS's diagnostics. */
const lineOfStyle = (source: string): number => {
  const at = /<style[^>]*>/i.exec(source);
  return at ? source.slice(0, at.index + at[0].length).split('\n').length : 1;
};

/**
 * A `.svelte.js` or `.svelte.ts` module: its runes compiled by Svelte. Svelte parses
 * JavaScript only, so a `.svelte.ts` comes here with its types stripped (`js`, with `map` back
 * to the file); the result's map is Svelte's, composed with that one by the caller.
 */
export function compileSvelteModule(
  compiler: SvelteCompilerApi,
  path: string,
  js: string,
):
  | { ok: true; code: string; map: unknown; warnings: Diagnostic[] }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] } {
  try {
    const result = compiler.compileModule(js, { filename: path, generate: 'client', dev: true });
    return {
      ok: true,
      code: result.js.code,
      map: result.js.map,
      warnings: result.warnings.map((w) => toDiagnostic(path, w, 'warning')),
    };
  } catch (error) {
    return failure(path, error);
  }
}
