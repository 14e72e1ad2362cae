/**
 * Whether a run's module was built from a project file as it is now (else its lines moved, and
 * a logpoint placed by line would land elsewhere): the module's source map holds the text it
 * was built from. Asked at every tick the run reports, so each answer is kept per module and
 * file object (the project's files are immutable snapshots: an edit is a new object).
 */
import type { ProgramModule, ProjectFile } from '../protocol';

const sourceTexts = new WeakMap<ProgramModule, string | null>();
const compared = new WeakMap<ProgramModule, { file: ProjectFile; same: boolean }>();

/** The file a module was built from (its map's sourcesContent). */
function sourceOf(module: ProgramModule): string | null {
  if (module.kind !== 'js') return null;
  let text = sourceTexts.get(module);
  if (text === undefined) {
    try {
      const map = JSON.parse(module.map) as { sourcesContent?: unknown[] };
      const first = map.sourcesContent?.[0];
      text = typeof first === 'string' ? first : null;
    } catch {
      text = null;
    }
    sourceTexts.set(module, text);
  }
  return text;
}

/** Whether `module` was built from `file`'s text; false when either is missing or not text. */
export function builtFrom(
  module: ProgramModule | undefined,
  file: ProjectFile | undefined,
): boolean {
  if (!module || file?.kind !== 'text') return false;
  const known = compared.get(module);
  if (known?.file === file) return known.same;
  const same = sourceOf(module) === file.text;
  compared.set(module, { file, same });
  return same;
}
