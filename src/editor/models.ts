/**
 * One Monaco model per project text file, kept for the life of the page, so each file's
 * undo history, cursor and scroll survive switching files (and unmounting the editor).
 * Plain TypeScript over Monaco: no React.
 */
import type { editor, IDisposable, Uri } from 'monaco-editor';
import type { ProjectFile } from '../protocol';
import type { MonacoApi } from './monaco-setup';
import { languageForPath, uriPathForProjectPath } from './paths';
import { minimalReplacement } from './text-diff';

interface Entry {
  model: editor.ITextModel;
  /** The text last seen in the store or typed here: equal means nothing to apply. */
  known: string;
  /**
   * Texts sent to onChange that the store has not echoed back yet. The store lags behind
   * fast typing: a render may carry an older text of ours, which must not be "applied".
   */
  unechoed: string[];
  listener: IDisposable;
  viewState?: editor.ICodeEditorViewState | null;
}

const entries = new Map<string, Entry>();
const MAX_UNECHOED = 100;
let applyingOutsideChange = false;
let onUserChange: ((path: string, text: string) => void) | undefined;

/** Receives every edit made in Monaco (typing, undo, cross-file rename), never store echoes. */
export function setModelChangeHandler(handler: ((path: string, text: string) => void) | undefined) {
  onUserChange = handler;
}

/** URI of a project file's model: `file:///src/main.tsx`. */
export function modelUri(monaco: MonacoApi, path: string): Uri {
  return monaco.Uri.file(uriPathForProjectPath(path));
}

/** The model of a project text file, if it has one. */
export function getModel(path: string): editor.ITextModel | undefined {
  return entries.get(path)?.model;
}

/** Project paths that have a model. */
export function modelPaths(): string[] {
  return [...entries.keys()];
}

function applyOutsideText(entry: Entry, text: string) {
  const { model } = entry;
  const { start, end, text: insert } = minimalReplacement(model.getValue(), text);
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(end);
  applyingOutsideChange = true;
  try {
    // An undoable edit between undo stops (unlike setValue, which wipes the history).
    model.pushStackElement();
    model.pushEditOperations(
      null,
      [
        {
          range: {
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
          },
          text: insert,
        },
      ],
      () => null,
    );
    model.pushStackElement();
  } finally {
    applyingOutsideChange = false;
  }
  entry.known = text;
}

function disposeEntry(path: string, entry: Entry) {
  entry.listener.dispose();
  entry.model.dispose();
  entries.delete(path);
}

/**
 * Monaco gives each model a listener on the language registry (to follow a language that
 * is registered later). With hundreds of files that trips Monaco's listener-leak warning
 * and makes every further model pay for a stack trace. Our languages are all registered
 * up front, so the model is pinned to the language it got, which drops that listener.
 * (`setLanguage` with an id is the text model's own API; the typings only lack it.)
 */
function pinLanguage(model: editor.ITextModel) {
  const pinnable = model as editor.ITextModel & { setLanguage?: (languageId: string) => void };
  pinnable.setLanguage?.(model.getLanguageId());
}

function createEntry(monaco: MonacoApi, path: string, text: string): Entry {
  const uri = modelUri(monaco, path);
  // A model left by someone else (or a hot reload) at our URI is taken over, not duplicated.
  const existing = monaco.editor.getModel(uri);
  const model = existing ?? monaco.editor.createModel(text, languageForPath(path), uri);
  if (!existing) pinLanguage(model);
  if (model.getValue() !== text) model.setValue(text);
  const created: Entry = {
    model,
    known: text,
    unechoed: [],
    listener: model.onDidChangeContent(() => {
      const value = model.getValue();
      created.known = value;
      if (applyingOutsideChange || !onUserChange) return;
      created.unechoed.push(value);
      if (created.unechoed.length > MAX_UNECHOED) created.unechoed.shift();
      onUserChange(path, value);
    }),
  };
  return created;
}

/** Brings one text file's model up to date; returns whether a model was created. */
function syncFile(monaco: MonacoApi, path: string, text: string): boolean {
  const entry = entries.get(path);
  if (!entry) {
    entries.set(path, createEntry(monaco, path, text));
    return true;
  }
  if (entry.known === text) {
    entry.unechoed.length = 0;
    return false;
  }
  const echo = entry.unechoed.lastIndexOf(text);
  if (echo >= 0) {
    entry.unechoed.splice(0, echo + 1);
    return false;
  }
  entry.unechoed.length = 0;
  if (entry.model.getValue() !== text) applyOutsideText(entry, text);
  entry.known = text;
  return false;
}

/**
 * Makes the models match the project: creates models for new text files, applies outside
 * changes as undoable edits, disposes models of files that are gone (or became binary).
 * With `previous` (the files this was last called with), only files whose object changed
 * are looked at: a keystroke touches one model, not every file of the project.
 * Returns whether the set of models changed.
 */
export function syncModels(
  monaco: MonacoApi,
  files: Record<string, ProjectFile>,
  previous?: Record<string, ProjectFile>,
): boolean {
  if (files === previous) return false;
  let changed = false;
  for (const path in files) {
    const file = files[path]!;
    if (previous && previous[path] === file && (file.kind !== 'text' || entries.has(path)))
      continue;
    if (file.kind === 'text') changed = syncFile(monaco, path, file.text) || changed;
    else if (entries.has(path)) {
      disposeEntry(path, entries.get(path)!);
      changed = true;
    }
  }
  const gone = (path: string) => {
    const entry = Object.hasOwn(files, path) ? undefined : entries.get(path);
    if (entry) disposeEntry(path, entry);
    return entry !== undefined;
  };
  if (previous) for (const path in previous) changed = gone(path) || changed;
  else for (const path of [...entries.keys()]) changed = gone(path) || changed;
  return changed;
}

/** Disposes every model (undo history included), e.g. when another project is opened. */
export function disposeAllModels() {
  for (const [path, entry] of entries) disposeEntry(path, entry);
}

function pathOfModel(model: editor.ITextModel | null): string | undefined {
  if (!model) return undefined;
  for (const [path, entry] of entries) if (entry.model === model) return path;
  return undefined;
}

/** Remembers the cursor, selection and scroll of the model the editor shows. */
export function saveViewState(codeEditor: editor.ICodeEditor) {
  const path = pathOfModel(codeEditor.getModel());
  const entry = path === undefined ? undefined : entries.get(path);
  if (entry) entry.viewState = codeEditor.saveViewState();
}

/**
 * Shows a file's model in the editor with the cursor and scroll it had when last shown.
 * Shows nothing when the path has no model (no file, or a binary one). Returns the model.
 */
export function showModel(codeEditor: editor.ICodeEditor, path: string | null) {
  const entry = path === null ? undefined : entries.get(path);
  const current = codeEditor.getModel();
  if (entry?.model === current && current) return current;
  saveViewState(codeEditor);
  codeEditor.setModel(entry?.model ?? null);
  if (entry?.viewState) codeEditor.restoreViewState(entry.viewState);
  return entry?.model ?? null;
}
