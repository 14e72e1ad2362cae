/**
 * Monaco models of the project's text files: one for each file the editor has shown (or Monaco
 * itself opened, e.g. for a rename across files), made when first shown and kept for the life
 * of the project, so each file's undo history, cursor and scroll survive switching files (and
 * unmounting the editor). A file never shown has no model: opening a 300-file project makes one
 * (TypeScript reads the others as libraries, project-libs.ts). Plain TypeScript over Monaco.
 */
import type { editor, IDisposable, Uri } from 'monaco-editor';
import type { ProjectFile } from '../protocol';
import type { MonacoApi } from './monaco-setup';
import { languageForPath, projectPathFromUriPath, uriPathForProjectPath } from './paths';
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
// While we create a model ourselves: Monaco's creation event is then ours, not one to adopt.
let creating = false;
let onUserChange: ((path: string, text: string) => void) | undefined;
const setChanged = new Set<() => void>();

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

/** Calls `listener` whenever a model is made or disposed (not on edits); returns its removal. */
export function onModelSetChange(listener: () => void): () => void {
  setChanged.add(listener);
  return () => setChanged.delete(listener);
}

const modelSetChanged = () => setChanged.forEach((listener) => listener());

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
  let model = existing;
  if (!model) {
    creating = true;
    try {
      model = monaco.editor.createModel(text, languageForPath(path), uri);
    } finally {
      creating = false;
    }
  } else if (model.getLanguageId() !== languageForPath(path)) {
    monaco.editor.setModelLanguage(model, languageForPath(path));
  }
  pinLanguage(model);
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

/** Brings a file's model up to date with the store's text. */
function syncFile(entry: Entry, text: string) {
  if (entry.known === text) {
    entry.unechoed.length = 0;
    return;
  }
  const echo = entry.unechoed.lastIndexOf(text);
  if (echo >= 0) {
    entry.unechoed.splice(0, echo + 1);
    return;
  }
  entry.unechoed.length = 0;
  if (entry.model.getValue() !== text) applyOutsideText(entry, text);
  entry.known = text;
}

/**
 * Keeps the models in step with the project: applies outside changes to them as undoable edits,
 * disposes those of files that are gone (or became binary). Makes no model (showModel does).
 * With `previous` (the files this was last called with), only files whose object changed are
 * looked at: a keystroke touches one model, not every file of the project.
 * Returns whether the set of models changed.
 */
export function syncModels(
  files: Record<string, ProjectFile>,
  previous?: Record<string, ProjectFile>,
): boolean {
  if (files === previous) return false;
  let changed = false;
  for (const path in files) {
    const file = files[path]!;
    if (previous && previous[path] === file) continue;
    const entry = entries.get(path);
    if (!entry) continue;
    if (file.kind === 'text') syncFile(entry, file.text);
    else {
      disposeEntry(path, entry);
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
  if (changed) modelSetChanged();
  return changed;
}

/**
 * The model of a project text file, made now if it has none; undefined for a path that is no
 * text file of `files`.
 */
export function openModel(
  monaco: MonacoApi,
  path: string,
  files: Record<string, ProjectFile>,
): editor.ITextModel | undefined {
  const known = entries.get(path);
  if (known) return known.model;
  const file = Object.hasOwn(files, path) ? files[path] : undefined;
  if (file?.kind !== 'text') return undefined;
  const entry = createEntry(monaco, path, file.text);
  entries.set(path, entry);
  modelSetChanged();
  return entry.model;
}

/**
 * Takes over the models Monaco makes itself at a project file's URI (a rename or a reference
 * across files opens the files it touches from TypeScript's libraries): their edits reach the
 * store like typing does. `files` gives the project now. Returns the way to stop.
 */
export function adoptMonacoModels(
  monaco: MonacoApi,
  files: () => Record<string, ProjectFile>,
): IDisposable {
  return monaco.editor.onDidCreateModel((model) => {
    if (creating || model.uri.scheme !== 'file') return;
    const path = projectPathFromUriPath(model.uri.path);
    if (entries.has(path) || modelUri(monaco, path).toString() !== model.uri.toString()) return;
    openModel(monaco, path, files());
  });
}

/** Disposes every model (undo history included), e.g. when another project is opened. */
export function disposeAllModels() {
  if (entries.size === 0) return;
  for (const [path, entry] of entries) disposeEntry(path, entry);
  modelSetChanged();
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
 * Shows a file of `files` in the editor (its model made on first show) with the cursor and
 * scroll it had when last shown. Shows nothing when the path is no text file. Returns the model.
 */
export function showModel(
  monaco: MonacoApi,
  codeEditor: editor.ICodeEditor,
  path: string | null,
  files: Record<string, ProjectFile>,
) {
  const model = path === null ? undefined : openModel(monaco, path, files);
  const current = codeEditor.getModel();
  if (model === current && current) return current;
  saveViewState(codeEditor);
  codeEditor.setModel(model ?? null);
  const viewState = path === null ? undefined : entries.get(path)?.viewState;
  if (viewState) codeEditor.restoreViewState(viewState);
  return model ?? null;
}
