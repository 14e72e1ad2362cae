import { describe, expect, it } from 'vitest';
import type { editor } from 'monaco-editor';
import { typeProblemsOf } from '../../../src/editor/type-markers';

const marker = (owner: string, severity: number, message: string): editor.IMarker =>
  ({
    owner,
    severity,
    message,
    resource: {} as editor.IMarker['resource'],
    startLineNumber: 4,
    startColumn: 7,
    endLineNumber: 4,
    endColumn: 8,
  }) as editor.IMarker;

describe('typeProblemsOf', () => {
  it("keeps TypeScript's errors and warnings, not hints, nor the build's or the run's markers", () => {
    const problems = typeProblemsOf([
      marker('typescript', 8, "Type 'string' is not assignable to type 'number'."),
      marker('javascript', 4, 'Unreachable code detected.'),
      marker('typescript', 1, 'hint'),
      marker('playpen-build', 8, 'build'),
      marker('runtime', 8, 'thrown'),
    ]);
    expect(problems).toEqual([
      {
        severity: 'error',
        message: "Type 'string' is not assignable to type 'number'.",
        line: 4,
        column: 7,
      },
      { severity: 'warning', message: 'Unreachable code detected.', line: 4, column: 7 },
    ]);
  });
});
