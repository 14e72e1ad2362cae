import type { Loader as EsbuildLoader } from 'esbuild-wasm';
import type { ProjectFile } from '../../src/protocol';
import { fileTypeOf } from '../../src/project/model/file-types';
import { esbuildSource } from './loaders/esbuild';
import type { LoadContext } from './loaders';

/** Scripts: what compileJsBatch takes (data files each have a stub entry of their own). */
const SCRIPTS: ReadonlySet<string> = new Set(['js', 'jsx', 'ts', 'tsx']);

/**
 * Compiles the scripts among `paths` (the files a request changed) in one esbuild build, before
 * the build walks the project and asks for each: a new project, a reload or a restarted worker
 * is then one batch, not a build per file. A one-file edit compiles as before.
 */
export const precompile = (
  paths: readonly string[],
  files: Readonly<Record<string, ProjectFile>>,
  lc: LoadContext,
): Promise<void> => {
  const items: { source: ReturnType<typeof esbuildSource>; file: ProjectFile }[] = [];
  for (const path of paths) {
    const file = Object.hasOwn(files, path) ? files[path] : undefined;
    const { loader } = fileTypeOf(path);
    if (file?.kind !== 'text' || !SCRIPTS.has(loader)) continue;
    items.push({ source: esbuildSource(path, file.text, loader as EsbuildLoader, lc), file });
  }
  return lc.compile.jsMany(items);
};
