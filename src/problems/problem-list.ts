import type { Diagnostic } from '../protocol';
import type { Problem, ProblemsState } from './problems-store';

/** Errors and warnings in the list, for the status area. */
export interface ProblemCounts {
  /** Problems of severity error, from every source. */
  errors: number;
  /** Problems of severity warning, from every source. */
  warnings: number;
}

const SOURCE_ORDER = { runtime: 0, build: 1, type: 2 } as const;

/**
 * Every source merged into one list: errors before warnings, then by file and line, so the
 * list reads top to bottom like the code; problems without a file go last within a severity.
 */
export function allProblems(state: ProblemsState): Problem[] {
  const list: Problem[] = [...state.runtime, ...state.build];
  for (const problems of Object.values(state.types)) list.push(...problems);
  return list.sort(compareProblems);
}

function compareProblems(a: Problem, b: Problem): number {
  if (a.severity !== b.severity) return a.severity === 'error' ? -1 : 1;
  if (a.file !== b.file) {
    if (a.file === undefined) return 1;
    if (b.file === undefined) return -1;
    return a.file < b.file ? -1 : 1;
  }
  return (
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source]
  );
}

export function countProblems(state: ProblemsState): ProblemCounts {
  let errors = 0;
  let warnings = 0;
  const count = (p: Problem) => (p.severity === 'error' ? errors++ : warnings++);
  state.runtime.forEach(count);
  state.build.forEach(count);
  for (const problems of Object.values(state.types)) problems.forEach(count);
  return { errors, warnings };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 errors, 1 warning", "1 error", or "No problems". */
export function countsText({ errors, warnings }: ProblemCounts): string {
  const parts: string[] = [];
  if (errors > 0) parts.push(plural(errors, 'error'));
  if (warnings > 0) parts.push(plural(warnings, 'warning'));
  return parts.length ? parts.join(', ') : 'No problems';
}

/** `src/main.tsx:3:7`, `src/main.tsx:3` or `src/main.tsx`; undefined without a file. */
export function problemLocation(p: Pick<Problem, 'file' | 'line' | 'column'>): string | undefined {
  if (!p.file) return undefined;
  if (!p.line) return p.file;
  return `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}`;
}

/** Problems as build-style diagnostics, the shape the editor's markers take. */
export function toDiagnostics(problems: readonly Problem[]): Diagnostic[] {
  return problems.map((p) => ({
    severity: p.severity,
    text: p.message,
    ...(p.file ? { file: p.file } : {}),
    ...(p.line ? { line: p.line } : {}),
    ...(p.column ? { column: p.column } : {}),
  }));
}
