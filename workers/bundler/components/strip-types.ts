import { failureMessages, toDiagnostic } from '../diagnostics';
import type { EsbuildApi } from '../esbuild-api';
import type { StripTypes } from './compilers';

/**
 * TypeScript to JavaScript with esbuild, nothing else changed (exports and imports as
 * written): for compilers that parse JavaScript only (Svelte's, for `.svelte.ts` modules).
 */
export const esbuildStripTypes =
  (esbuild: EsbuildApi, tsconfigRaw: () => string | undefined): StripTypes =>
  async (path, text) => {
    try {
      const result = await esbuild.build({
        stdin: { contents: text, loader: 'ts', sourcefile: path, resolveDir: '/' },
        absWorkingDir: '/',
        bundle: false,
        write: false,
        // No `format`: with 'esm' esbuild moves exports into one `export { … }` at the end,
        // which changes what Svelte sees (it refuses `export const x = $derived(…)`).
        target: 'es2022',
        tsconfigRaw: tsconfigRaw(),
        sourcemap: 'external',
        outfile: '/out.js',
        logLevel: 'silent',
      });
      const code = result.outputFiles?.find((f) => f.path.endsWith('.js'))?.text ?? '';
      const map = result.outputFiles?.find((f) => f.path.endsWith('.map'))?.text ?? '';
      return { ok: true, code, map: JSON.parse(map) as never };
    } catch (error) {
      return {
        ok: false,
        errors: failureMessages(error).errors.map((e) => toDiagnostic(e, 'error', path)),
      };
    }
  };
