import * as esbuild from 'esbuild-wasm';
import { describe, expect, it } from 'vitest';
import { sourceUrl, type Program, type RawFrame } from '../../../src/protocol';
import { frameLocation, mapFrames } from '../../../src/console/map-stack';
import { parseStack } from '../../../src/runtime/stack';

// Type annotations on the throwing line make generated and original columns differ, and the
// CommonJS helpers esbuild adds make the lines differ, so an off-by-one in either shows.
const SOURCE = [
  'interface Point { x: number; y: number }',
  'const origin: Point = { x: 0, y: 0 };',
  'export function check(n: number): void {',
  '  const limit: number = origin.x; if (n > limit) throw new Error("too big: " + n);',
  '}',
  '',
].join('\n');

async function buildModule(path: string) {
  const out = await esbuild.transform(SOURCE, {
    loader: 'ts',
    format: 'cjs',
    sourcemap: 'external',
    sourcefile: path,
    // The same wrapper shape the bundler gives a ProgramModule.
    banner: '(function (require, module, exports) {',
    footer: '})',
  });
  const code = `${out.code}\n//# sourceURL=${sourceUrl(path)}`;
  const program: Program = {
    entry: path,
    modules: { [path]: { kind: 'js', code, url: sourceUrl(path), map: out.map, deps: {} } },
    vendor: [],
    cdn: [],
  };
  return { code, program };
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string) {
  const at = text.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

describe('mapFrames', () => {
  it('maps a generated position back to the TypeScript source (1-based line and column)', async () => {
    const { code, program } = await buildModule('src/check.ts');
    const generated = positionOf(code, 'new Error');
    const original = positionOf(SOURCE, 'new Error');
    expect(generated).not.toEqual(original);

    const [frame] = mapFrames(
      [{ fn: 'check', url: sourceUrl('src/check.ts'), ...generated }],
      program,
    );
    expect(frame).toEqual({ fn: 'check', file: 'src/check.ts', ...original, mapped: true });
    expect(frameLocation(frame!)).toBe(`src/check.ts:${original.line}:${original.column}`);

    // The blank just before `new` still belongs to the `throw` segment: catches a column
    // passed to trace-mapping as 1-based (it would land on `new` instead).
    const [before] = mapFrames(
      [{ url: sourceUrl('src/check.ts'), line: generated.line, column: generated.column - 1 }],
      program,
    );
    expect(before).toMatchObject({ ...positionOf(SOURCE, 'throw'), mapped: true });
  });

  it('maps a real V8 stack thrown by the evaluated module', async () => {
    const { code, program } = await buildModule('src/deep/check.ts');
    const factory = (0, eval)(code) as (r: unknown, m: { exports: unknown }, e: unknown) => void;
    const mod = { exports: {} as { check?: (n: number) => void } };
    factory(() => undefined, mod, mod.exports);

    let stack = '';
    try {
      mod.exports.check!(5);
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    // Parsed by the runtime's own parser, as in the preview.
    const frames = parseStack(stack);
    const mapped = mapFrames(frames, program);
    const user = mapped.filter((f) => f.mapped);
    expect(user).toHaveLength(1);
    expect(user[0]).toMatchObject({
      file: 'src/deep/check.ts',
      ...positionOf(SOURCE, 'new Error'),
    });
    // The test file's own frame is not part of the program: it stays as it was, unmapped.
    const other = mapped.find((f) => !f.mapped);
    expect(other?.file).toBe(frames.find((f) => !f.url.startsWith('playpen:'))?.url);
  });

  it('leaves vendor and unknown frames unmapped, and copes without a program', async () => {
    const { program } = await buildModule('src/a.ts');
    const vendor: RawFrame = { fn: 'render', url: 'https://esm.sh/lodash@4', line: 10, column: 3 };
    expect(mapFrames([vendor], program)).toEqual([
      { fn: 'render', file: vendor.url, line: 10, column: 3, mapped: false },
    ]);
    const user: RawFrame = { url: sourceUrl('src/a.ts'), line: 26, column: 5 };
    expect(mapFrames([user], null)[0]?.mapped).toBe(false);
  });

  it('tolerates a broken source map', () => {
    const program: Program = {
      entry: 'src/x.ts',
      modules: {
        'src/x.ts': {
          kind: 'js',
          code: '',
          url: sourceUrl('src/x.ts'),
          map: '{not json',
          deps: {},
        },
      },
      vendor: [],
      cdn: [],
    };
    const [frame] = mapFrames([{ url: sourceUrl('src/x.ts'), line: 1, column: 1 }], program);
    expect(frame?.mapped).toBe(false);
  });
});
