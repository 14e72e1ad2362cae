/**
 * The bundler's loaders, one per file-type `loader` (src/project/file-types.ts). A new kind of
 * file is one loader file here, one line in this table and its records in the registry.
 */
import type { FileLoader } from '../../../src/project/model/file-types';
import { fileTypeOf } from '../../../src/project/model/file-types';
import type { ProjectFile } from '../../../src/protocol';
import type { LoadedModule } from '../loaded-module';
import { loadAsset } from './asset';
import { loadComponent } from './component';
import { loadCss } from './css';
import { loadWithEsbuild } from './esbuild';
import type { LoadContext, Loader } from './load-context';

const LOADERS: Record<FileLoader, Loader> = {
  ts: loadWithEsbuild,
  tsx: loadWithEsbuild,
  js: loadWithEsbuild,
  jsx: loadWithEsbuild,
  json: loadWithEsbuild,
  text: loadWithEsbuild,
  css: loadCss,
  asset: loadAsset,
  vue: loadComponent('vue'),
  svelte: loadComponent('svelte'),
};

/** One project file's module(s): a binary file is an asset whatever its name says. */
export const loadFile = (
  path: string,
  file: ProjectFile,
  lc: LoadContext,
): Promise<LoadedModule> => {
  const type = fileTypeOf(path);
  const loader = file.kind === 'binary' ? loadAsset : LOADERS[type.loader];
  return loader(path, file, type, lc);
};

export type { LoadContext } from './load-context';
