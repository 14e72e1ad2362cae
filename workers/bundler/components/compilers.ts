import type { ProjectFile } from '../../../src/protocol';
import type { CompiledComponent } from './component-module';
import { compileVue, type VueCompilerApi } from './vue';

/**
 * The frameworks' compilers, each loaded on first use: a project without a component never
 * downloads or parses them (Vue's is ~0.5 MB minified, Svelte's ~0.4 MB).
 */
export interface FrameworkCompilers {
  vue(): Promise<VueCompilerApi>;
}

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
});

/** The framework of a component loader. */
export type Framework = 'vue';

/** Compiles one component or rune module with its framework's compiler. */
export async function compileComponent(
  compilers: FrameworkCompilers,
  framework: Framework,
  path: string,
  text: string,
  files: Readonly<Record<string, ProjectFile>>,
): Promise<CompiledComponent> {
  let compiler: VueCompilerApi;
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
          text: `Could not load the ${framework === 'vue' ? 'Vue' : 'Svelte'} compiler (${reason}). Check the connection and run again.`,
        },
      ],
      warnings: [],
      retry: true,
    };
  }
  try {
    return compileVue(compiler, path, text, files);
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
