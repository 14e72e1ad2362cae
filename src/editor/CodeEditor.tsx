import { useEffect, useRef, useState } from 'react';
import type { editor } from 'monaco-editor';
import type { Diagnostic, ProjectFile } from '../protocol';
import { createEditor, editorOptions, monacoTheme, type EditorSettings } from './create-editor';
import { createLanguageServiceSync } from './language-service';
import type { PackageTypes } from './package-types/package-types-client';
import { setBuildMarkers } from './markers';
import { addFormatAction, formatShownFile, type FormatFile } from './format-command';
import type { FormatResult } from '../format/format-types';
import {
  adoptMonacoModels,
  disposeAllModels,
  onModelSetChange,
  saveViewState,
  setModelChangeHandler,
  showModel,
  syncModels,
} from './models';
import { afterNextPaint } from './after-paint';
import { useMonaco } from './useMonaco';
import { addEditorCommands } from './editor-commands';
import { loadEmmet, wantsEmmet } from './emmet';
import { useKeyBindings } from './useKeyBindings';
import { useProblemMarkers } from './useProblemMarkers';
import type { TypeProblem } from './type-markers';
import { useSystemTheme, type EditorTheme } from './useSystemTheme';
import { expectKeysInEditor } from './typing-modality';
import { attachLineAnnotations, type LineAnnotationSource } from './line-annotations';
import './editor.css';

/** A place to jump to in the editor; a new nonce jumps again to the same place. */
export interface EditorReveal {
  /** Project path of the file. */
  path: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** Changes on every request, so clicking the same console line twice jumps twice. */
  nonce: number;
}

/** The project's files as they change. */
export interface FileSource {
  /** The files now (an immutable snapshot: a changed file is a new object). */
  getFiles(): Record<string, ProjectFile>;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void;
  /** The identity of the project the files are of now (the `projectId` prop it will render with). */
  getProjectId?(): string;
}

export interface CodeEditorProps {
  /**
   * The project's files; text files become Monaco models, binary files are ignored. Read
   * through a subscription, not a prop per change: a keystroke updates its own model's
   * neighbours (none) without re-rendering the editor.
   */
  files: FileSource;
  /** File shown in the editor; null (or a binary path) shows no file. */
  activePath: string | null;
  /** Called on every edit made in the editor, with the file's whole new text. */
  onChange(path: string, text: string): void;
  /** Latest build's diagnostics, shown as markers; each new list replaces the previous one. */
  diagnostics: Diagnostic[];
  /** The current run's uncaught errors at their mapped places, marked in the code. */
  runtimeErrors?: readonly Diagnostic[];
  /** A file's TypeScript errors and warnings, each time TypeScript re-checks it ([] once fixed). */
  onTypeProblems?(path: string, problems: TypeProblem[]): void;
  /** Refuses edits (a read-only permalink, or another tab edits the project). */
  readOnly?: boolean;
  /** Why edits are refused and what to do, shown on a refused keystroke (markdown). */
  readOnlyMessage?: string;
  /** Jump there: show the file, centre the line, put the cursor there and focus. */
  reveal?: EditorReveal;
  /** Ctrl/Cmd+Enter in the editor; without it the chord keeps Monaco's default. */
  onRunShortcut?: () => void;
  /** Font size, tab size, word wrap, minimap. */
  options?: EditorSettings;
  /** Defaults to the OS colour scheme, followed live. */
  theme?: EditorTheme;
  /** Identity of the project: when it changes, every model (and its undo history) is recreated. */
  projectId?: string;
  /** Formats a file (Prettier); without it Monaco keeps its own formatters. */
  format?: FormatFile;
  /** A format that changed nothing because of an error (syntax, config), to tell the user. */
  onFormatFailed?(result: Extract<FormatResult, { ok: false }>, path: string): void;
  /** Formats the shown file (as Shift+Alt+F does) each time this number changes. */
  formatRequest?: number;
  /** Ctrl/Cmd+S in the editor (after formatting, with format-on-save on). */
  onSave?(): void;
  /** Fetches types for the project's npm imports; without it they are `any`. */
  packageTypes?: PackageTypes;
  /** Once: the editor paints in this frame, or it could not load. */
  onShown?(): void;
  /** Logpoints and line runs to show, and where the user's logpoint acts go (line-annotations.ts). */
  annotations?: LineAnnotationSource;
}

/** Monaco editor over the project's files, one model per file. */
export function CodeEditor(props: CodeEditorProps) {
  const { files, activePath, diagnostics, readOnly = false, reveal, options, projectId } = props;
  const { readOnlyMessage } = props;
  const { monaco, error, retry } = useMonaco();
  const systemTheme = useSystemTheme();
  const theme = props.theme ?? systemTheme;
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor>();
  const [hasModel, setHasModel] = useState(false);
  // Counts the models made and disposed: markers wait for their file's model.
  const [modelSet, setModelSet] = useState(0);
  const [languageService, setLanguageService] =
    useState<ReturnType<typeof createLanguageServiceSync>>();
  const callbacks = useRef({
    onChange: props.onChange,
    onRun: props.onRunShortcut,
    readOnly,
    format: props.format,
    onFormatFailed: props.onFormatFailed,
    onShown: props.onShown,
    onSave: props.onSave,
    formatOnSave: options?.formatOnSave ?? false,
    annotations: props.annotations,
  });
  const lastFormat = useRef(props.formatRequest);
  const canRun = useRef<(value: boolean) => void>(undefined);
  const annotationsRef = useRef<{ refresh(): void }>(undefined);
  const lastProject = useRef(projectId);
  const lastReveal = useRef<number>(undefined);
  const shown = useRef(activePath);
  const [keyStatus, setKeyStatus] = useState<HTMLDivElement | null>(null);
  const keyBindings = options?.keyBindings ?? 'default';
  const keyBindingsError = useKeyBindings(instance, keyBindings, keyStatus);

  useEffect(() => {
    callbacks.current = {
      onChange: props.onChange,
      onRun: props.onRunShortcut,
      readOnly,
      format: props.format,
      onFormatFailed: props.onFormatFailed,
      onShown: props.onShown,
      onSave: props.onSave,
      formatOnSave: options?.formatOnSave ?? false,
      annotations: props.annotations,
    };
    canRun.current?.(!!props.onRunShortcut);
    shown.current = activePath;
  });

  useEffect(() => {
    if (!monaco || !container.current) return;
    const created = createEditor(monaco, container.current, theme, () =>
      callbacks.current.onRun?.(),
    );
    const sync = createLanguageServiceSync(monaco, props.packageTypes);
    canRun.current = created.setCanRun;
    // Read-only from the first keystroke, not from the options effect a render later.
    created.instance.updateOptions({ readOnly: callbacks.current.readOnly });
    created.setCanRun(!!callbacks.current.onRun);
    setModelChangeHandler((path, text) => callbacks.current.onChange(path, text));
    created.instance.onDidChangeModel((event) => setHasModel(event.newModelUrl !== null));
    const keysNext = expectKeysInEditor(created.instance);
    const adopt = adoptMonacoModels(monaco, files.getFiles);
    // The file on screen, in this task: the code paints in the editor's first frame.
    showModel(monaco, created.instance, shown.current, files.getFiles());
    const lines = attachLineAnnotations(
      monaco,
      created.instance,
      () => callbacks.current.annotations,
      () => shown.current,
    );
    annotationsRef.current = lines;
    setInstance(created.instance);
    setLanguageService(sync);
    addEditorCommands(monaco, created.instance, {
      formatOnSave: () => callbacks.current.formatOnSave,
      save: () => callbacks.current.onSave?.(),
    });
    // Emmet's chunk loads when the first HTML, CSS or script file is shown, not at startup.
    const emmet = created.instance.onDidChangeModel(() => {
      const language = created.instance.getModel()?.getLanguageId();
      if (language && wantsEmmet(language)) loadEmmet(monaco).catch(() => {});
    });
    const prettier = props.format
      ? addFormatAction(
          monaco,
          created.instance,
          (...args) => callbacks.current.format!(...args),
          (result, path) => callbacks.current.onFormatFailed?.(result, path),
        )
      : undefined;
    return () => {
      keysNext.dispose();
      adopt.dispose();
      lines.dispose();
      annotationsRef.current = undefined;
      emmet.dispose();
      prettier?.dispose();
      saveViewState(created.instance);
      setModelChangeHandler(undefined);
      sync.dispose();
      created.instance.dispose();
      canRun.current = undefined;
    };
    // The theme is applied by its own effect; recreating the editor would lose focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco]);

  useEffect(() => {
    if (!monaco || !languageService) return;
    if (lastProject.current !== projectId) {
      lastProject.current = projectId;
      instance?.setModel(null);
      disposeAllModels();
    }
    // Only files whose object changed since the last sync are looked at (models.ts).
    let previous: Record<string, ProjectFile> | undefined;
    let modelsChanged = false;
    const sync = () => {
      const next = files.getFiles();
      // Another project's files, heard before the render for it: its own sync takes them
      // (these models are about to go; an outside edit to each would be wasted).
      if (next === previous || (files.getProjectId && files.getProjectId() !== projectId)) return;
      modelsChanged = syncModels(next, previous) || modelsChanged;
      previous = next;
      // The file shown may have just become one (created, uploaded over a binary one).
      if (instance) showModel(monaco, instance, shown.current, next);
      languageService.update(next, modelsChanged);
      modelsChanged = false;
    };
    // A model made for a file shown for the first time: the language service drops its library.
    const stopModels = onModelSetChange(() => {
      modelsChanged = true;
      setModelSet((n) => n + 1);
      if (previous) languageService.update(previous, true);
    });
    sync();
    const unsubscribe = files.subscribe(sync);
    return () => {
      stopModels();
      unsubscribe();
    };
  }, [monaco, instance, languageService, files, projectId]);

  useEffect(() => {
    if (!monaco || !instance) return;
    showModel(monaco, instance, activePath, files.getFiles());
  }, [monaco, instance, activePath, projectId, files]);

  const { annotations } = props;
  useEffect(() => {
    annotationsRef.current?.refresh();
  }, [instance, annotations]);

  useEffect(() => {
    // Not on every edit: markers move with the text, re-setting them would put them back. A
    // new model (a file shown for the first time) gets its file's markers.
    if (monaco && languageService) setBuildMarkers(monaco.editor, diagnostics);
  }, [monaco, languageService, diagnostics, modelSet]);

  useProblemMarkers(monaco, !!languageService, props.runtimeErrors, props.onTypeProblems, modelSet);

  const shownPath = hasModel ? activePath : null;
  useEffect(() => {
    instance?.updateOptions(editorOptions(options ?? {}, readOnly, shownPath, readOnlyMessage));
  }, [instance, options, readOnly, shownPath, readOnlyMessage]);

  useEffect(() => {
    monaco?.editor.setTheme(monacoTheme(theme));
  }, [monaco, theme]);

  useEffect(() => {
    if (!monaco || !instance || !reveal || lastReveal.current === reveal.nonce) return;
    lastReveal.current = reveal.nonce;
    if (!showModel(monaco, instance, reveal.path, files.getFiles())) return;
    const position = { lineNumber: Math.max(reveal.line, 1), column: Math.max(reveal.column, 1) };
    instance.setPosition(position);
    instance.revealPositionInCenter(position);
    instance.focus();
  }, [monaco, instance, reveal, files]);

  const { formatRequest } = props;
  // Once the editor has painted the shown file's code (or nothing is to show, or it failed):
  // Monaco renders in an animation frame, so the task after the next frame.
  const shownSent = useRef(false);
  useEffect(() => {
    if (shownSent.current || (!instance && !error)) return;
    if (instance && activePath !== null && !hasModel) return;
    shownSent.current = true;
    if (!instance) return callbacks.current.onShown?.();
    afterNextPaint(() => callbacks.current.onShown?.());
  }, [instance, error, hasModel, activePath]);

  useEffect(() => {
    if (!instance || formatRequest === undefined || lastFormat.current === formatRequest) return;
    lastFormat.current = formatRequest;
    instance.focus();
    void formatShownFile(instance);
  }, [instance, formatRequest]);

  return (
    <div
      className={'pp-code-editor' + (keyBindings === 'default' ? '' : ' pp-code-editor--keys')}
      data-theme={theme}
      aria-busy={!instance && !error}
    >
      <div ref={container} className="pp-code-editor__surface" hidden={!hasModel} />
      <div
        ref={setKeyStatus}
        className="pp-code-editor__keys"
        role="status"
        aria-label={keyBindings === 'vim' ? 'Vim status' : 'Emacs status'}
        hidden={keyBindings === 'default' || !hasModel}
      />
      {keyBindingsError ? (
        <div className="pp-code-editor__keys" role="alert">
          {keyBindingsError}
        </div>
      ) : null}
      {error ? (
        <div className="pp-code-editor__message">
          <p>The editor could not load ({String(error)}).</p>
          <button type="button" onClick={retry}>
            Retry
          </button>
        </div>
      ) : !instance ? (
        <div className="pp-code-editor__message">Loading editor…</div>
      ) : !hasModel ? (
        <div className="pp-code-editor__message">Select a file to edit.</div>
      ) : null}
    </div>
  );
}
