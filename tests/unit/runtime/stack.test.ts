import { describe, expect, it } from 'vitest';
import { parseStack, RUNTIME_SOURCE_URL, userFrames } from '../../../src/runtime/stack.ts';

const indirectEval: (code: string) => unknown = globalThis.eval;

/** Runs code as the runtime runs modules: an eval'd function with a sourceURL. */
function stackOf(code: string, url = 'playpen:///src/main.tsx'): string {
  try {
    (indirectEval(`(function () {\n${code}\n})\n//# sourceURL=${url}`) as () => void)();
  } catch (e) {
    return (e as Error).stack!;
  }
  throw new Error('code did not throw');
}

describe('parseStack on real V8 stacks', () => {
  it('reads named functions in eval code with a sourceURL', () => {
    const stack = stackOf('function inner() {\n  throw new Error("x");\n}\ninner();');
    const frames = parseStack(stack);
    expect(frames[0]).toEqual({ fn: 'inner', url: 'playpen:///src/main.tsx', line: 3, column: 9 });
    expect(frames[1]).toMatchObject({ url: 'playpen:///src/main.tsx', line: 5, column: 1 });
  });

  it('reads anonymous frames, constructors and methods', () => {
    const stack = stackOf(
      'class Box { constructor() { [1].forEach(() => { this.open(); }); } open() { throw new Error("y"); } }\nnew Box();',
    );
    const frames = parseStack(stack).filter((f) => f.url.startsWith('playpen:'));
    // V8 names an anonymous function in eval code "eval".
    expect(frames.map((f) => f.fn)).toEqual(['Box.open', 'eval', 'new Box', 'eval']);
    expect(frames.every((f) => f.line > 0 && f.column > 0)).toBe(true);
    // Native frames without a location (Array.forEach) are dropped.
    expect(parseStack(stack).some((f) => f.fn?.includes('forEach'))).toBe(false);
  });

  it('reads async frames', async () => {
    const run = indirectEval(
      '(async function outer() {\n  await null;\n  await (async function inner() { await null; throw new Error("z"); })();\n})\n//# sourceURL=playpen:///src/async.ts',
    ) as () => Promise<void>;
    const err = (await run().catch((e: unknown) => e)) as Error;
    expect(err.stack).toContain('at async outer');
    const frames = parseStack(err.stack!).filter((f) => f.url.startsWith('playpen:'));
    expect(frames.map((f) => f.fn)).toEqual(['inner', 'outer']);
    expect(frames[1]).toMatchObject({ url: 'playpen:///src/async.ts', line: 3 });
  });

  it('reads eval code without a sourceURL as <anonymous>', () => {
    let stack = '';
    try {
      indirectEval('throw new Error("no url")');
    } catch (e) {
      stack = (e as Error).stack!;
    }
    expect(stack).toContain('eval at');
    expect(parseStack(stack)[0]).toMatchObject({ url: '<anonymous>', line: 1, column: 7 });
  });

  it('keeps the message out even when it looks like a frame location', () => {
    const frames = parseStack(
      stackOf('throw new Error("bad at http://x.test/a.js:1:2\\nsecond line");'),
    );
    expect(frames[0]!.url).toBe('playpen:///src/main.tsx');
  });

  it('parses Firefox/Safari stacks', () => {
    const frames = parseStack('inner@playpen:///src/main.tsx:3:9\n@playpen:///src/main.tsx:5:1\n');
    expect(frames).toEqual([
      { fn: 'inner', url: 'playpen:///src/main.tsx', line: 3, column: 9 },
      { url: 'playpen:///src/main.tsx', line: 5, column: 1 },
    ]);
  });

  it('drops the runtime frames for users', () => {
    const stack = stackOf('throw new Error("r")', RUNTIME_SOURCE_URL);
    expect(parseStack(stack)[0]!.url).toBe(RUNTIME_SOURCE_URL);
    expect(userFrames(parseStack(stack)).some((f) => f.url === RUNTIME_SOURCE_URL)).toBe(false);
  });
});
