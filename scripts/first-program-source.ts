import * as esbuild from 'esbuild-wasm';
import { createDefaultProject } from '../src/project/templates';
import { DEFAULT_SETTINGS } from '../src/settings/settings-store';
import { programKey } from '../src/project/storage/program-key';
import { buildToJson } from '../src/project/storage/program-json';
import { buildFirstProgram } from '../workers/bundler/first-program';

/**
 * The default project's program, built at build time under Node by the worker's own bundler
 * code (esbuild-wasm's Node entry, the same version), and the key the app matches it by.
 */
export async function makeFirstProgram(bundler: string): Promise<{ key: string; json: string }> {
  const project = createDefaultProject();
  const { cdnBase } = DEFAULT_SETTINGS;
  const built = await buildFirstProgram(esbuild, project, cdnBase);
  const key = await programKey({ files: project.files, entry: project.entry, cdnBase, bundler });
  return { key, json: buildToJson(built) };
}
