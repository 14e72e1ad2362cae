import { describe, expect, it } from 'vitest';
import { diagnosticsToMarkers } from '../../../src/editor/markers';
import type { Diagnostic } from '../../../src/protocol';

const lines: Record<string, string[]> = {
  'src/App.tsx': ['import { x } from "./missing";', '  const count = useState(0);'],
};
const lookup = (path: string, line: number) => lines[path]?.[line - 1];

describe('diagnosticsToMarkers', () => {
  it('groups by file, maps severity and spans the word at the column', () => {
    const diagnostics: Diagnostic[] = [
      { severity: 'error', file: 'src/App.tsx', line: 2, column: 9, text: 'bad count' },
      { severity: 'warning', file: 'src/App.tsx', line: 1, column: 19, text: 'odd import' },
      { severity: 'error', file: 'src/main.tsx', line: 3, column: 5, text: 'elsewhere' },
    ];
    const markers = diagnosticsToMarkers(diagnostics, lookup);
    expect([...markers.keys()].sort()).toEqual(['src/App.tsx', 'src/main.tsx']);
    const [first, second] = markers.get('src/App.tsx')!;
    expect(first).toMatchObject({
      severity: 8,
      message: 'bad count',
      startLineNumber: 2,
      startColumn: 9,
      endLineNumber: 2,
      endColumn: 14, // "count"
    });
    // Column 19 is the quote before ./missing: not a word, so one character.
    expect(second).toMatchObject({ severity: 4, startColumn: 19, endColumn: 20 });
    // Unknown line text: a one-character marker where the diagnostic points.
    expect(markers.get('src/main.tsx')![0]).toMatchObject({ startColumn: 5, endColumn: 6 });
  });

  it('skips diagnostics without a file and defaults line and column to 1', () => {
    const markers = diagnosticsToMarkers(
      [
        { severity: 'error', text: 'no file' },
        { severity: 'error', file: 'src/App.tsx', text: 'whole file' },
      ],
      lookup,
    );
    expect(markers.size).toBe(1);
    expect(markers.get('src/App.tsx')![0]).toMatchObject({
      startLineNumber: 1,
      startColumn: 1,
      endColumn: 7, // "import"
    });
  });

  it('keeps a marker inside a line when the column is past its end', () => {
    const [marker] = diagnosticsToMarkers(
      [{ severity: 'error', file: 'src/App.tsx', line: 1, column: 500, text: 'eol' }],
      lookup,
    ).get('src/App.tsx')!;
    expect(marker!.startColumn).toBeLessThanOrEqual(lines['src/App.tsx']![0]!.length);
    expect(marker!.endColumn).toBeGreaterThan(marker!.startColumn);
  });
});
