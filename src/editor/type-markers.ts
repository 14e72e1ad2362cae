import type { editor, IDisposable, Uri } from 'monaco-editor';
import { projectPathFromUriPath } from './paths';
import { getModel } from './models';

/** Owners of the TypeScript worker's markers (Monaco names them after the language). */
export const TYPE_MARKER_OWNERS: readonly string[] = ['typescript', 'javascript'];

/** A type error or warning of one file, as the Problems list takes it. */
export interface TypeProblem {
  /** Hints and infos are left out: the list is for what needs fixing. */
  severity: 'error' | 'warning';
  /** TypeScript's message (a chain of messages is already flattened by Monaco). */
  message: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

// Values of monaco.MarkerSeverity, repeated so this module stays free of Monaco at runtime.
const ERROR = 8;
const WARNING = 4;

/** The type problems among one file's markers, in Monaco's order. */
export function typeProblemsOf(markers: readonly editor.IMarker[]): TypeProblem[] {
  const problems: TypeProblem[] = [];
  for (const m of markers) {
    if (!TYPE_MARKER_OWNERS.includes(m.owner)) continue;
    if (m.severity !== ERROR && m.severity !== WARNING) continue;
    problems.push({
      severity: m.severity === ERROR ? 'error' : 'warning',
      message: m.message,
      line: m.startLineNumber,
      column: m.startColumn,
    });
  }
  return problems;
}

type MarkerApi = Pick<typeof editor, 'onDidChangeMarkers' | 'getModelMarkers'>;

/**
 * Tells `onChange` each project file's type problems now and whenever TypeScript re-checks it
 * (a file's list is empty once fixed, or when its model goes). Files without a project model
 * (Monaco's own, the type libraries) are skipped. Returns the way to stop.
 */
export function watchTypeProblems(
  monacoEditor: MarkerApi,
  onChange: (path: string, problems: TypeProblem[]) => void,
): IDisposable {
  const report = (uri: Uri) => {
    if (uri.scheme !== 'file') return;
    const path = projectPathFromUriPath(uri.path);
    if (!getModel(path)) {
      onChange(path, []);
      return;
    }
    onChange(path, typeProblemsOf(monacoEditor.getModelMarkers({ resource: uri })));
  };
  const seen = new Map<string, Uri>();
  for (const marker of monacoEditor.getModelMarkers({}))
    seen.set(marker.resource.toString(), marker.resource);
  seen.forEach(report);
  return monacoEditor.onDidChangeMarkers((uris) => uris.forEach(report));
}
