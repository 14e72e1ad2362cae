import { describe, expect, it } from 'vitest';
import type { ProgramModule, ProjectFile } from '../../../src/protocol';
import { builtFrom } from '../../../src/probes/built-from';

const SOURCE = 'let x = 1;\nx += 1;\n';
const js = (map: string): ProgramModule => ({ kind: 'js', code: 'code', url: '', map, deps: {} });
const built = js(JSON.stringify({ version: 3, sources: ['main.ts'], sourcesContent: [SOURCE] }));
const text = (t: string): ProjectFile => ({ kind: 'text', text: t });

describe('built from the file as it is now', () => {
  it('compares the source map’s text with the file’s', () => {
    expect(builtFrom(built, text(SOURCE))).toBe(true);
    expect(builtFrom(built, text('// moved\n' + SOURCE))).toBe(false);
  });

  it('answers again for each new file object (an edit)', () => {
    const file = text(SOURCE);
    expect(builtFrom(built, file)).toBe(true);
    expect(builtFrom(built, text('edited'))).toBe(false);
    expect(builtFrom(built, file)).toBe(true);
  });

  it('is false without a module, a text file or a source in the map', () => {
    expect(builtFrom(undefined, text(SOURCE))).toBe(false);
    expect(builtFrom(built, undefined)).toBe(false);
    expect(builtFrom(built, { kind: 'binary', bytes: new Uint8Array(), mime: 'image/png' })).toBe(
      false,
    );
    expect(builtFrom(js('not json'), text(SOURCE))).toBe(false);
    expect(builtFrom(js('{}'), text(SOURCE))).toBe(false);
    expect(builtFrom({ kind: 'css', css: SOURCE }, text(SOURCE))).toBe(false);
  });
});
