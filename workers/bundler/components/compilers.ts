import remapping from '@jridgewell/remapping';
import type { Diagnostic, ProjectFile } from '../../../src/protocol';
import { mapDiagnostic, type CompiledComponent } from './component-module';
import { TraceMap, type SourceMapInput } from '@jridgewell/trace-mapping';
import { compileSvelte, compileSvelteModule, type SvelteCompilerApi } from './svelte';
import { compileVue, type VueCompilerApi } from './vue';

/**
 * The frameworks' compilers, each loaded on first use: a project without a component never
 * downloads or parses them (Vue's is ~0.8 MB minified, Svelte's ~0.7 MB).
 */
export interface FrameworkCompilers {
  vue(): Promise<VueCompilerApi>;
  svelte(): Promise<SvelteCompilerApi>;
}

/** The framework of a component loader. */
export type Framework = keyof FrameworkCompilers;

/** A load shared by every caller, forgotten when it fails so the next build tries again. */
const lazy = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
    }
    return loading;
  };
};

/** The compilers as the app ships them: separate chunks of the bundler worker. */
export const loadCompilers = (): FrameworkCompilers => ({
  vue: lazy(() => import('./vue-compiler')),
  svelte: lazy(() => import('./svelte-compiler')),
});

/** TypeScript to JavaScript, imports kept (esbuild's transform), with a map back to the file. */
export type StripTypes = (
  path: string,
  text: string,
) => Promise<{ ok: true; code: string; map: SourceMapInput } | { ok: false; errors: Diagnostic[] }>;

const NAMES: Record<Framework, string> = { vue: 'Vue', svelte: 'Svelte' };

/** Compiles one component or rune module with its framework's compiler. */
export async function compileComponent(
  compilers: FrameworkCompilers,
  framework: Framework,
  path: string,
  text: string,
  files: Readonly<Record<string, ProjectFile>>,
  stripTypes: StripTypes,
): Promise<CompiledComponent> {
  let compiler: VueCompilerApi | SvelteCompilerApi;
  try {
    compiler = await compilers[framework]();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      errors: [
        {
          severity: 'error',
          file: path,
          text: `Could not load the ${NAMES[framework]} compiler (${reason}). Check the connection and run again.`,
        },
      ],
      warnings: [],
      retry: true,
    };
  }
  try {
    if (framework === 'vue') return compileVue(compiler as VueCompilerApi, path, text, files);
    if (/\.svelte$/i.test(path)) return compileSvelte(compiler as SvelteCompilerApi, path, text);
    return await compileRuneModule(compiler as SvelteCompilerApi, path, text, stripTypes);
  } catch (error) {
    // The compiler's own failure, not the file's: said as it is, the build goes on.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      errors: [{ severity: 'error', file: path, text: `The compiler failed: ${reason}` }],
      warnings: [],
    };
  }
}

/**
 * A `.svelte.js` / `.svelte.ts` module: types stripped first (Svelte parses JavaScript only),
 * runes compiled, the two maps composed so positions point at the file as written.
 */
async function compileRuneModule(
  compiler: SvelteCompilerApi,
  path: string,
  text: string,
  stripTypes: StripTypes,
): Promise<CompiledComponent> {
  let js = text;
  let stripMap: SourceMapInput | null = null;
  if (/\.ts$/i.test(path)) {
    const stripped = await stripTypes(path, text);
    if (!stripped.ok) return { ok: false, errors: stripped.errors, warnings: [] };
    js = stripped.code;
    stripMap = stripped.map;
  }
  const compiled = compileSvelteModule(compiler, path, js);
  const back = (d: Diagnostic) => (stripMap ? mapDiagnostic(d, path, new TraceMap(stripMap)) : d);
  if (!compiled.ok) return { ...compiled, errors: compiled.errors.map(back) };
  const map = stripMap
    ? // Svelte's map is of the stripped code; that one's is of the file.
      remapping(compiled.map as never, (_file, ctx) =>
        ctx.depth === 1 ? (stripMap as never) : null,
      )
    : compiled.map;
  return {
    ok: true,
    code: compiled.code,
    map: { ...(map as object), sources: [path], sourcesContent: [text] } as SourceMapInput,
    lang: 'js',
    styles: [],
    warnings: compiled.warnings.map(back),
    reads: [],
  };
}
