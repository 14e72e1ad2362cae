/**
 * The project's script files that have no Monaco model (never shown), given to TypeScript as
 * libraries at their model's URI: imports across files resolve and type-check as if every
 * file had a model, without making 300 models (and their tokenizers, decorations and undo
 * stacks) when a project opens. A file's library goes once its model exists (models.ts), whose
 * text TypeScript then reads instead. Plain TypeScript: no Monaco here.
 */
import type { ProjectFile } from '../protocol';
import { isScriptPath } from '../project/model/file-types';
import type { SetLib } from './package-types/owned-libs';

export interface ProjectLibs {
  /** Keeps the libraries in step with `files`; `hasModel` tells which files have a model. */
  update(files: Record<string, ProjectFile>, hasModel: (path: string) => boolean): void;
  /** Removes them all (the editor that kept them goes). */
  dispose(): void;
}

/** `uriOf` gives a project path's model URI (`file:///src/a.ts`). */
export function createProjectLibs(setLib: SetLib, uriOf: (path: string) => string): ProjectLibs {
  const libs = new Map<string, { file: ProjectFile; remove: () => void }>();
  const drop = (path: string) => {
    libs.get(path)?.remove();
    libs.delete(path);
  };
  return {
    update(files, hasModel) {
      for (const path of libs.keys()) if (!Object.hasOwn(files, path) || hasModel(path)) drop(path);
      for (const path in files) {
        const file = files[path]!;
        if (file.kind !== 'text' || !isScriptPath(path) || hasModel(path)) continue;
        // The same file object is the same text: a keystroke elsewhere costs a lookup here.
        if (libs.get(path)?.file === file) continue;
        drop(path);
        libs.set(path, { file, remove: setLib(file.text, uriOf(path)) });
      }
    },
    dispose() {
      for (const path of [...libs.keys()]) drop(path);
    },
  };
}
