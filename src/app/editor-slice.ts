import type { ProjectState } from '../project/model/store';
import { fileAt } from '../project/model/file-lookup';

/**
 * What the editor area re-renders for: the active file's path and kind, a binary file to
 * preview, and which load this is. Not the text files: typing replaces the active file's
 * object, and the editor reads text through its own subscription (CodeEditor's FileSource).
 */
export function editorSlice(s: ProjectState) {
  const active = s.activePath === null ? undefined : fileAt(s.project.files, s.activePath);
  return {
    activePath: s.activePath,
    binary: active?.kind === 'binary' ? active : null,
    isText: active?.kind === 'text',
    loads: s.loads,
  };
}
