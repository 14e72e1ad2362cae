/**
 * The project an SDK embed starts from, and the files the API reads and writes: plain data,
 * checked as a share link's project is (checkProject), so a host's bad path or entry gets a
 * sentence saying which.
 */
import type { EmbedSettings } from '../protocol/embed';
import type { Project } from '../protocol';
import { isScriptPath } from '../project/model/file-types';
import { checkProject } from '../project/share/share-codec';
import { createDefaultProject, TEMPLATES } from '../project/templates';

/** The project's name when the host gives no title. */
export const DEFAULT_TITLE = 'Playground';

/** Entries tried in order when the host names none (the usual Vite and Node layouts). */
const USUAL_ENTRIES = ['src/main', 'src/index', 'main', 'index'].flatMap((base) =>
  ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext),
);

export type ProjectCheck = { ok: true; project: Project } | { ok: false; error: string };

/** The file that runs first when the host names none, or null when no obvious one. */
export function inferEntry(files: Project['files'], preferred?: string): string | null {
  if (preferred !== undefined && Object.hasOwn(files, preferred)) return preferred;
  const usual = USUAL_ENTRIES.find((path) => Object.hasOwn(files, path));
  if (usual) return usual;
  const scripts = Object.keys(files).filter(isScriptPath);
  return scripts.length === 1 ? scripts[0]! : null;
}

const textFilesOf = (files: Record<string, string>): Project['files'] =>
  Object.fromEntries(Object.entries(files).map(([path, text]) => [path, { kind: 'text', text }]));

/**
 * `files` as the project's files (`entry` runs first; else the current entry if it is still
 * there, else the usual one), checked.
 */
export function withFiles(
  base: Project,
  files: Record<string, string>,
  entry?: string,
): ProjectCheck {
  const next = textFilesOf(files);
  if (Object.keys(next).length === 0) return { ok: false, error: 'The project needs a file.' };
  const chosen = entry ?? inferEntry(next, base.entry);
  if (chosen === null)
    return {
      ok: false,
      error: `Which file runs first? Set \`entry\` to one of: ${Object.keys(next).filter(isScriptPath).join(', ') || '(no script among the files)'}.`,
    };
  return checked({ ...base, files: next, entry: chosen });
}

function checked(project: Project, open?: string): ProjectCheck {
  const problem = checkProject(project, open);
  return problem
    ? { ok: false, error: `The project is refused: ${problem}.` }
    : { ok: true, project };
}

/** The project an embed starts with: a template (or the example), the host's files over it. */
export function projectFromSettings(settings: EmbedSettings): ProjectCheck {
  let base: Project;
  if (settings.template !== undefined) {
    const template = TEMPLATES.find((t) => t.id === settings.template);
    if (!template)
      return {
        ok: false,
        error: `Unknown template "${settings.template}": use one of ${TEMPLATES.map((t) => t.id).join(', ')}.`,
      };
    base = template.create();
  } else base = createDefaultProject();
  base = { ...base, name: settings.title?.trim() || DEFAULT_TITLE };
  let project = base;
  if (settings.files) {
    const files =
      settings.template !== undefined ? { ...textsOf(base), ...settings.files } : settings.files;
    const result = withFiles(base, files, settings.entry);
    if (!result.ok) return result;
    project = result.project;
  } else if (settings.entry !== undefined) project = { ...base, entry: settings.entry };
  return checked(project, settings.activeFile);
}

/** The project's text files, path → text (binary files are left out). */
export function textsOf(project: Project): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [path, file] of Object.entries(project.files))
    if (file.kind === 'text') texts[path] = file.text;
  return texts;
}

/** Whether two projects have the same files with the same texts and the same entry. */
export function sameFiles(a: Project, b: Project): boolean {
  if (a.entry !== b.entry) return false;
  const pa = Object.keys(a.files);
  if (pa.length !== Object.keys(b.files).length) return false;
  return pa.every((path) => {
    const x = a.files[path]!;
    const y = b.files[path];
    return x === y || (x.kind === 'text' && y?.kind === 'text' && x.text === y.text);
  });
}
