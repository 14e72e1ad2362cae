import { describe, expect, it } from 'vitest';
import type { Program, RuntimeMessage } from '../../../src/protocol/index.ts';
import { parseRuntimeMessage } from '../../../src/protocol/runtime-message-schema.ts';
import { capMessage, errorMessage, MAX_ERROR_MESSAGE } from '../../../src/runtime/errors.ts';
import { runProgram, type RunEnv } from '../../../src/runtime/run-program.ts';

const indirectEval: (code: string) => unknown = globalThis.eval;

const module = (path: string, body: string) => ({
  kind: 'js' as const,
  code: `(function (require, module, exports) {\n${body}\n})\n//# sourceURL=playpen:///${path}`,
  url: `playpen:///${path}`,
  map: '',
  deps: {},
});

function setup(program: Partial<Program>, overrides: Partial<RunEnv> = {}) {
  const sent: RuntimeMessage[] = [];
  const steps: string[] = [];
  const env: RunEnv = {
    applyDocument: () => steps.push('document'),
    loadVendor: async () => (steps.push('vendor'), { react: () => ({}) }),
    importUrl: async (url) => (steps.push(`import ${url}`), { default: 1 }),
    beforeEvaluate: () => steps.push('beforeEvaluate'),
    evaluate: indirectEval,
    injectCss: () => {},
    objectUrl: () => '',
    send: (m) => sent.push(m),
    ...overrides,
  };
  const full: Program = { entry: 'src/main.js', modules: {}, vendor: [], cdn: [], ...program };
  return { run: () => runProgram(full, env), sent, steps };
}

describe('runProgram', () => {
  it('installs the clock, loads everything, evaluates the entry, then says evaluated', async () => {
    const { run, sent, steps } = setup({
      vendor: ['react'],
      cdn: ['https://cdn.test/a.js'],
      modules: {
        'src/main.js': module(
          'src/main.js',
          'globalThis.__ranEntry = (globalThis.__ranEntry ?? 0) + 1;',
        ),
      },
    });
    await run();
    // The clock is installed before CDN modules are evaluated (they capture timers and Date).
    expect(steps).toEqual(['document', 'beforeEvaluate', 'vendor', 'import https://cdn.test/a.js']);
    expect((globalThis as Record<string, unknown>).__ranEntry).toBe(1);
    expect(sent).toEqual([{ type: 'evaluated' }]);
  });

  it('reports an error thrown by the entry with its frames, and still says evaluated', async () => {
    const { run, sent } = setup({
      modules: {
        'src/main.js': module(
          'src/main.js',
          "function go() {\n  throw new RangeError('too far');\n}\ngo();",
        ),
      },
    });
    await run();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      type: 'error',
      kind: 'uncaught',
      message: 'RangeError: too far',
    });
    const frames = sent[0]!.type === 'error' ? sent[0]!.frames : [];
    expect(frames[0]).toEqual({ fn: 'go', url: 'playpen:///src/main.js', line: 3, column: 9 });
    expect(sent[1]).toEqual({ type: 'evaluated' });
  });

  it('reports non-Error throws with the value', async () => {
    const { run, sent } = setup({
      modules: { 'src/main.js': module('src/main.js', "throw 'plain string';") },
    });
    await run();
    expect(sent[0]).toMatchObject({
      kind: 'uncaught',
      message: 'plain string',
      value: { t: 'string', v: 'plain string' },
    });
  });

  it('names each URL that failed to load and does not evaluate the entry', async () => {
    const { run, sent } = setup(
      {
        vendor: ['react'],
        cdn: ['https://cdn.test/ok.js', 'https://cdn.test/bad.js'],
        modules: { 'src/main.js': module('src/main.js', 'throw new Error("must not run")') },
      },
      {
        importUrl: async (url) => {
          if (url.includes('bad'))
            throw new TypeError('Failed to fetch dynamically imported module');
          return {};
        },
        loadVendor: async () => {
          throw new Error('could not fetch preview/react-vendor.js');
        },
      },
    );
    await run();
    expect(sent.map((m) => (m.type === 'error' ? `${m.kind}: ${m.message}` : m.type))).toEqual([
      'load: Failed to load the prebuilt modules (react): Error: could not fetch preview/react-vendor.js',
      'load: Failed to load https://cdn.test/bad.js: TypeError: Failed to fetch dynamically imported module',
      'evaluated',
    ]);
  });
});

describe('errorMessage', () => {
  it('uses the event location for values without a stack', () => {
    expect(errorMessage('uncaught', 42, { url: 'playpen:///a.js', line: 2, column: 3 })).toEqual({
      type: 'error',
      kind: 'uncaught',
      message: '42',
      value: { t: 'number', v: 42 },
      frames: [{ url: 'playpen:///a.js', line: 2, column: 3 }],
    });
    expect(errorMessage('unhandledrejection', { code: 1 }).message).toBe('Object {…}');
  });
});

describe('errorMessage of a huge message', () => {
  it('cuts the message and says how long it was, so the host does not drop it', () => {
    const huge = 'x'.repeat(1_048_576);
    const message = errorMessage('uncaught', new Error(huge));
    expect(message.message).toBe(
      `Error: ${'x'.repeat(MAX_ERROR_MESSAGE - 'Error: '.length)}… (1,048,583 characters)`,
    );
    expect(parseRuntimeMessage(message)).not.toBeNull();
    const thrown = errorMessage('uncaught', huge);
    expect(thrown.message.endsWith('… (1,048,576 characters)')).toBe(true);
    expect(parseRuntimeMessage(thrown)).not.toBeNull();
  });

  it('never cuts a surrogate pair in half', () => {
    const text = 'a'.repeat(MAX_ERROR_MESSAGE - 1) + '😀' + 'b';
    expect(capMessage(text)).toBe(`${'a'.repeat(MAX_ERROR_MESSAGE - 1)}… (10,002 characters)`);
    expect(capMessage('short')).toBe('short');
  });

  it('sends at most as many frames as the host accepts', () => {
    const error = new Error('deep');
    error.stack = 'Error: deep\n' + '    at f (playpen:///src/a.js:1:1)\n'.repeat(5000);
    const message = errorMessage('uncaught', error);
    expect(message.frames).toHaveLength(200);
    expect(parseRuntimeMessage(message)).not.toBeNull();
  });
});
