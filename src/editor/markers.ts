import type { editor } from 'monaco-editor';
import type { Diagnostic } from '../protocol';
import { getModel } from './models';

/** Marker owner of build diagnostics, distinct from the TS worker's own markers. */
export const BUILD_MARKER_OWNER = 'playpen-build';
/** Marker owner of the current run's uncaught errors (cleared when the next run starts). */
export const RUNTIME_MARKER_OWNER = 'runtime';

// Values of monaco.MarkerSeverity, repeated so this module stays free of Monaco at runtime.
const SEVERITY = { error: 8, warning: 4 } as const;

/** Text of a 1-based line of a project file, or undefined when unknown. */
export type LineLookup = (path: string, line: number) => string | undefined;

const WORD = /[\w$]/;

/** Columns (1-based, end exclusive) of the token starting at `column`, at least one character. */
function tokenRange(lineText: string | undefined, column: number): [number, number] {
  if (lineText === undefined) return [column, column + 1];
  const start = Math.min(Math.max(column, 1), Math.max(lineText.length, 1));
  let end = start;
  if (WORD.test(lineText[start - 1] ?? '')) {
    while (end <= lineText.length && WORD.test(lineText[end - 1] ?? '')) end++;
  } else {
    end = start + 1;
  }
  return [start, Math.max(end, start + 1)];
}

/**
 * Groups build diagnostics by project path as Monaco marker data. Diagnostics without a
 * file cannot be placed in the editor (the console shows them) and are left out; a
 * missing line or column points at the start of the file.
 */
export function diagnosticsToMarkers(
  diagnostics: readonly Diagnostic[],
  lineText: LineLookup = () => undefined,
  source = 'build',
): Map<string, editor.IMarkerData[]> {
  const byPath = new Map<string, editor.IMarkerData[]>();
  for (const d of diagnostics) {
    if (!d.file) continue;
    const line = Math.max(d.line ?? 1, 1);
    const [startColumn, endColumn] = tokenRange(lineText(d.file, line), Math.max(d.column ?? 1, 1));
    const marker: editor.IMarkerData = {
      severity: SEVERITY[d.severity],
      message: d.text,
      source,
      startLineNumber: line,
      startColumn,
      endLineNumber: line,
      endColumn,
    };
    const list = byPath.get(d.file);
    if (list) list.push(marker);
    else byPath.set(d.file, [marker]);
  }
  return byPath;
}

/** Per owner, the models that carry its markers now: only they need clearing next time. */
const marked = new Map<string, Set<editor.ITextModel>>();

type SetMarkers = Pick<typeof editor, 'setModelMarkers'>;

/**
 * Replaces all of `owner`'s markers with these (an empty list clears them), touching only
 * the files that had markers or get some: each call makes Monaco tell every marker listener,
 * so a build must not cost one per file of a large project.
 * `monaco.editor` is passed in so this module does not load Monaco.
 */
function replaceMarkers(
  monacoEditor: SetMarkers,
  owner: string,
  diagnostics: readonly Diagnostic[],
  source: string,
) {
  const byPath = diagnosticsToMarkers(
    diagnostics,
    (path, line) => {
      const model = getModel(path);
      return model && line <= model.getLineCount() ? model.getLineContent(line) : undefined;
    },
    source,
  );
  const now = new Set<editor.ITextModel>();
  for (const [path, markers] of byPath) {
    const model = getModel(path);
    if (!model) continue;
    monacoEditor.setModelMarkers(model, owner, markers);
    now.add(model);
  }
  for (const model of marked.get(owner) ?? [])
    if (!now.has(model) && !model.isDisposed()) monacoEditor.setModelMarkers(model, owner, []);
  marked.set(owner, now);
}

/** Shows the latest build's diagnostics as markers, replacing the previous build's. */
export function setBuildMarkers(monacoEditor: SetMarkers, diagnostics: readonly Diagnostic[]) {
  replaceMarkers(monacoEditor, BUILD_MARKER_OWNER, diagnostics, 'build');
}

/** Marks the lines where the current run's uncaught errors were thrown; [] clears them. */
export function setRuntimeMarkers(monacoEditor: SetMarkers, errors: readonly Diagnostic[]) {
  replaceMarkers(monacoEditor, RUNTIME_MARKER_OWNER, errors, 'runtime');
}
