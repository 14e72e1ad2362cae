import type { Message } from 'esbuild-wasm';
import type { Diagnostic } from '../../src/protocol';

/**
 * An esbuild message as a Diagnostic. esbuild's line is 1-based and its column 0-based;
 * Diagnostics are 1-based for both. `file` is the project path when esbuild's own name for
 * the file (stdin, namespaced) is not.
 */
export const toDiagnostic = (
  message: Message,
  severity: Diagnostic['severity'],
  file?: string,
): Diagnostic => {
  const loc = message.location;
  const notes = message.notes
    .map((n) => n.text)
    .filter(Boolean)
    .join('\n');
  const text = notes ? `${message.text}\n${notes}` : message.text;
  if (!loc) return { severity, file, text };
  // Files a plugin served carry their namespace as a prefix ("project:src/a.css").
  const locFile = loc.file.startsWith('project:')
    ? loc.file.slice(8)
    : loc.file === '<tsconfig.json>'
      ? 'tsconfig.json'
      : (file ?? loc.file);
  return { severity, file: locFile, line: loc.line, column: loc.column + 1, text };
};

/** The messages of a failed esbuild call (it throws an Error with `errors`/`warnings`). */
export const failureMessages = (error: unknown): { errors: Message[]; warnings: Message[] } => {
  const e = error as { errors?: Message[]; warnings?: Message[] };
  if (Array.isArray(e?.errors)) return { errors: e.errors, warnings: e.warnings ?? [] };
  throw error;
};

/** A readable one-line form for logs and test failures. */
export const formatDiagnostic = (d: Diagnostic): string =>
  `${d.file ?? '?'}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}: ${d.severity}: ${d.text}`;
