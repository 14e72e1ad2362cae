import type { IDisposable, languages } from 'monaco-editor';
import type { FormatResult } from '../format/format-types';
import { prettierParserFor } from '../format/parsers';
import type { MonacoApi } from './monaco-setup';
import { projectPathFromUriPath } from './paths';

/** Formats one file's text; the project's Prettier config is the caller's to find. */
export type FormatFile = (path: string, text: string, tabSize: number) => Promise<FormatResult>;

/** Every Monaco language whose files Prettier formats here (see format/parsers.ts). */
const LANGUAGES = ['typescript', 'javascript', 'css', 'html', 'json', 'markdown'];

/**
 * Makes Prettier Monaco's document formatter, so Format Document, Shift+Alt+F and the Format
 * button all use it (a real document formatter is preferred to TypeScript's range one).
 * A failure (syntax error, broken config) changes nothing and is passed to `onFailed`.
 */
export function registerPrettier(
  monaco: MonacoApi,
  format: FormatFile,
  onFailed: (result: Extract<FormatResult, { ok: false }>, path: string) => void,
): IDisposable {
  const provider: languages.DocumentFormattingEditProvider = {
    displayName: 'Prettier',
    async provideDocumentFormattingEdits(model, options, token) {
      const path = projectPathFromUriPath(model.uri.path);
      if (!prettierParserFor(path)) return [];
      const version = model.getVersionId();
      const text = model.getValue();
      const result = await format(path, text, options.tabSize);
      // Typed on meanwhile: an edit computed for the old text would undo those keys.
      if (token.isCancellationRequested || model.isDisposed() || model.getVersionId() !== version)
        return [];
      if (!result.ok) {
        onFailed(result, path);
        return [];
      }
      return result.text === text ? [] : [{ range: model.getFullModelRange(), text: result.text }];
    },
  };
  const registered = LANGUAGES.map((id) =>
    monaco.languages.registerDocumentFormattingEditProvider(id, provider),
  );
  return { dispose: () => registered.forEach((r) => r.dispose()) };
}
