/**
 * Logpoints and line runs in the editor (docs/logpoints.md): a mark in the glyph margin per
 * logpoint, its value at the current tick after the line, how often each line ran in the line
 * decorations' column, "Add logpoint" in the context menu and a click in the glyph margin. The
 * marks are model decorations, so they move with the text: an edit above a logpoint moves it.
 * Plain TypeScript over Monaco; what to show comes from a source the app gives (probes/).
 */
import type { editor, IDisposable } from 'monaco-editor';
import type { MonacoApi } from './monaco-setup';
import { getModel } from './models';

/** What the editor shows of logpoints and line runs, and where it reports the user's acts. */
export interface LineAnnotationSource {
  /** The logpoints in `path`, each with the text shown after its line (null: nothing yet). */
  logpoints(
    path: string,
  ): readonly { id: string; line: number; text: string | null; error: boolean }[];
  /** Runs of each line of `path` that holds code (0: never ran); null when not counted. */
  lineRuns(path: string): ReadonlyMap<number, number> | null;
  /** Calls `listener` when any of the above may have changed. */
  subscribe(listener: () => void): () => void;
  /** An edit moved logpoints of `path` to these lines (by logpoint id). */
  moved(path: string, lines: ReadonlyMap<string, number>): void;
  /** "Add logpoint" on a line (context menu). */
  add(path: string, line: number): void;
  /** A click in the glyph margin: adds a logpoint there, or removes the one there. */
  toggle(path: string, line: number): void;
  /** The cursor is on this line of the shown file (Previous hit / Next hit act on it). */
  cursor(path: string, line: number): void;
}

interface ModelMarks {
  /** Decoration id → logpoint id (the logpoints' own marks, which track their lines). */
  logpoints: Map<string, string>;
  /** Decoration ids of the line-run marks. */
  runs: string[];
  /** What the logpoint marks show, with the model's version: the same again repaints nothing. */
  logpointsKey: string;
  /** What the line-run marks show, with the model's version. */
  runsKey: string;
}

const MAX_AFTER = 120;

/** The one-line label after a logpoint's line (Monaco shows injected text as given). */
const clip = (text: string) =>
  text.length > MAX_AFTER ? `${text.slice(0, MAX_AFTER - 1)}…` : text;

export function attachLineAnnotations(
  monaco: MonacoApi,
  instance: editor.IStandaloneCodeEditor,
  getSource: () => LineAnnotationSource | undefined,
  getPath: () => string | null,
): IDisposable & { refresh(): void } {
  const marks = new WeakMap<editor.ITextModel, ModelMarks>();
  const marksOf = (model: editor.ITextModel) => {
    let m = marks.get(model);
    if (!m)
      marks.set(model, (m = { logpoints: new Map(), runs: [], logpointsKey: '', runsKey: '' }));
    return m;
  };

  const paint = () => {
    const source = getSource();
    const path = getPath();
    const model = instance.getModel();
    if (!source || !path || !model || getModel(path) !== model) return;
    const m = marksOf(model);
    const lines = model.getLineCount();
    const points = source.logpoints(path).filter((l) => l.line <= lines);
    // Hits arrive many times a second while the inline text stays the same: replacing equal
    // decorations re-renders the editor's lines (a forced layout each time).
    const logpointsKey = [
      model.getVersionId(),
      ...points.map((l) => `${l.id}\u0000${l.line}\u0000${l.text}\u0000${l.error}`),
    ].join('\u0001');
    const runs = source.lineRuns(path);
    const runsKey = [model.getVersionId(), ...[...(runs ?? [])].map(([l, n]) => `${l}:${n}`)].join(
      ' ',
    );
    if (logpointsKey !== m.logpointsKey) {
      m.logpointsKey = logpointsKey;
      paintLogpoints(model, m, points);
    }
    if (runsKey !== m.runsKey) {
      m.runsKey = runsKey;
      paintRuns(model, m, runs, lines);
    }
  };

  const paintLogpoints = (
    model: editor.ITextModel,
    m: ModelMarks,
    points: ReturnType<LineAnnotationSource['logpoints']>,
  ) => {
    const next: editor.IModelDeltaDecoration[] = points.map((l) => ({
      range: new monaco.Range(l.line, 1, l.line, 1),
      options: {
        stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        glyphMarginClassName: l.error
          ? 'pp-logpoint-glyph pp-logpoint-glyph--error'
          : 'pp-logpoint-glyph',
        glyphMarginHoverMessage: { value: 'Logpoint (click to remove)' },
        ...(l.text !== null
          ? {
              after: {
                content: `  ${clip(l.text)}`,
                inlineClassName: l.error
                  ? 'pp-logpoint-after pp-logpoint-after--error'
                  : 'pp-logpoint-after',
              },
              // The text goes after the line's end, wherever the range is.
              showIfCollapsed: true,
            }
          : {}),
      },
    }));
    // The range is the line's end, so the text follows the code.
    for (const [i, l] of points.entries()) {
      const end = model.getLineMaxColumn(l.line);
      next[i]!.range = new monaco.Range(l.line, end, l.line, end);
    }
    const ids = model.deltaDecorations([...m.logpoints.keys()], next);
    m.logpoints = new Map(ids.map((id, i) => [id, points[i]!.id]));
  };

  const paintRuns = (
    model: editor.ITextModel,
    m: ModelMarks,
    runs: ReturnType<LineAnnotationSource['lineRuns']>,
    lines: number,
  ) => {
    const runMarks: editor.IModelDeltaDecoration[] = [];
    for (const [line, count] of runs ?? []) {
      if (line > lines) continue;
      runMarks.push({
        range: new monaco.Range(line, 1, line, 1),
        options: {
          linesDecorationsClassName: count > 0 ? 'pp-line-ran' : 'pp-line-never',
          linesDecorationsTooltip:
            count > 0
              ? `Ran ${count.toLocaleString('en-US')} ${count === 1 ? 'time' : 'times'}`
              : 'Never ran',
        },
      });
    }
    m.runs = model.deltaDecorations(m.runs, runMarks);
  };

  /** After an edit: where the shown model's logpoint marks are now. */
  const track = () => {
    const source = getSource();
    const path = getPath();
    const model = instance.getModel();
    if (!source || !path || !model || getModel(path) !== model) return;
    const m = marksOf(model);
    const lines = new Map<string, number>();
    for (const [decoration, id] of m.logpoints) {
      const range = model.getDecorationRange(decoration);
      if (range) lines.set(id, range.startLineNumber);
    }
    if (lines.size > 0) source.moved(path, lines);
    // Typing at a line's end must not leave the value's text inside the code.
    paint();
  };

  let unsubscribe: (() => void) | undefined;
  let subscribed: LineAnnotationSource | undefined;
  const follow = () => {
    const source = getSource();
    if (source === subscribed) return;
    unsubscribe?.();
    subscribed = source;
    unsubscribe = source?.subscribe(paint);
  };
  follow();
  paint();

  const disposables: IDisposable[] = [
    instance.onDidChangeModel(() => {
      follow();
      paint();
      // A file just shown has its cursor where it was left, with no event to say so.
      const path = getPath();
      const line = instance.getPosition()?.lineNumber;
      if (path && line) getSource()?.cursor(path, line);
    }),
    instance.onDidChangeModelContent(track),
    instance.onDidChangeCursorPosition((event) => {
      const path = getPath();
      if (path) getSource()?.cursor(path, event.position.lineNumber);
    }),
    instance.onMouseDown((event) => {
      const path = getPath();
      const line = event.target.position?.lineNumber;
      if (event.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN) return;
      if (path && line) getSource()?.toggle(path, line);
    }),
    instance.addAction({
      id: 'playpen.addLogpoint',
      label: 'Add logpoint',
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 2,
      run(ed) {
        const path = getPath();
        const line = ed.getPosition()?.lineNumber;
        if (path && line) getSource()?.add(path, line);
      },
    }),
  ];
  return {
    refresh() {
      follow();
      paint();
    },
    dispose() {
      unsubscribe?.();
      for (const d of disposables) d.dispose();
    },
  };
}
