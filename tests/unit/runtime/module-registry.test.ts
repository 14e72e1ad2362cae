import { describe, expect, it } from 'vitest';
import { transform } from 'esbuild-wasm';
import type { ProgramModule, RuntimeMessage } from '../../../src/protocol/index.ts';
import { createProbe } from '../../../src/runtime/probe/index.ts';
import { probeSpec } from './probe/probe-expr.ts';
import { injectCss, makeObjectUrl } from '../../../src/runtime/document-env.ts';
import { createModuleRegistry, type RegistryEnv } from '../../../src/runtime/module-registry.ts';

const indirectEval: (code: string) => unknown = globalThis.eval;

/** A module as the bundler makes it: esbuild's CommonJS output wrapped in a function expression. */
async function js(
  path: string,
  source: string,
  deps: Record<string, string> = {},
): Promise<ProgramModule> {
  const { code } = await transform(source, { format: 'cjs', loader: 'js', sourcefile: path });
  const url = `playpen:///${path}`;
  return {
    kind: 'js',
    code: `(function (require, module, exports) {\n${code}\n})\n//# sourceURL=${url}`,
    url,
    map: '',
    deps,
  };
}

/** A document with just what injectCss touches, recording the styles it receives. */
function fakeDocument() {
  const styles: { attrs: Record<string, string>; textContent: string }[] = [];
  const doc = {
    createElement: (tag: string) => {
      expect(tag).toBe('style');
      const el = { attrs: {} as Record<string, string>, textContent: '' };
      return { ...el, setAttribute: (k: string, v: string) => (el.attrs[k] = v), el };
    },
    head: {
      appendChild: (node: { el: (typeof styles)[number]; textContent: string }) =>
        styles.push({ ...node.el, textContent: node.textContent }),
    },
  };
  return { doc: doc as unknown as Document, styles };
}

function env(overrides: Partial<RegistryEnv> = {}): RegistryEnv {
  return {
    vendor: {},
    cdn: new Map(),
    evaluate: indirectEval,
    injectCss: () => {},
    objectUrl: () => 'blob:none',
    ...overrides,
  };
}

describe('module registry', () => {
  it('evaluates modules through their deps, once each', async () => {
    const modules = {
      'src/main.js': await js(
        'src/main.js',
        `import { twice } from './math'; import { twice as again } from './math.js'; export const out = twice(again(3));`,
        {
          './math': 'src/math.js',
          './math.js': 'src/math.js',
        },
      ),
      'src/math.js': await js(
        'src/math.js',
        `globalThis.__mathEvaluations = (globalThis.__mathEvaluations ?? 0) + 1; export const twice = (n) => n * 2;`,
      ),
    };
    const registry = createModuleRegistry(modules, env());
    expect((registry.require('src/main.js') as { out: number }).out).toBe(12);
    expect((globalThis as Record<string, unknown>).__mathEvaluations).toBe(1);
  });

  it('supports circular imports with live bindings, and CommonJS partial exports', async () => {
    const modules = {
      'a.js': await js(
        'a.js',
        `import { b } from './b.js'; export const a = () => 'a' + b(); export const name = 'A';`,
        { './b.js': 'b.js' },
      ),
      'b.js': await js('b.js', `import { name } from './a.js'; export const b = () => name;`, {
        './a.js': 'a.js',
      }),
      'c.js': await js(
        'c.js',
        `exports.early = 1; const d = require('./d.js'); exports.sawPartial = d.sawEarly; exports.late = 2;`,
        { './d.js': 'd.js' },
      ),
      'd.js': await js(
        'd.js',
        `const c = require('./c.js'); exports.sawEarly = c.early; exports.sawLate = c.late;`,
        { './c.js': 'c.js' },
      ),
    };
    const registry = createModuleRegistry(modules, env());
    expect((registry.require('a.js') as { a: () => string }).a()).toBe('aA');
    const c = registry.require('c.js') as Record<string, unknown>;
    expect(c).toMatchObject({ early: 1, sawPartial: 1, late: 2 });
    expect((registry.require('d.js') as Record<string, unknown>).sawLate).toBeUndefined();
  });

  it('injects CSS once and gives assets an object URL as their default export', async () => {
    const { doc, styles } = fakeDocument();
    const modules = {
      'main.js': await js(
        'main.js',
        `import './style.css'; import './style.css'; import logo from './logo.png'; import * as ns from './logo.png'; export { logo, ns };`,
        {
          './style.css': 'style.css',
          './logo.png': 'logo.png',
        },
      ),
      'other.js': await js('other.js', `import './style.css';`, { './style.css': 'style.css' }),
      'style.css': { kind: 'css', css: 'body { color: red }' } as const,
      'logo.png': {
        kind: 'asset',
        bytes: new Uint8Array([137, 80, 78, 71]),
        mime: 'image/png',
      } as const,
    };
    const urls: Blob[] = [];
    const registry = createModuleRegistry(
      modules,
      env({
        injectCss: (css, id) => injectCss(doc, css, id),
        objectUrl: (bytes, mime) =>
          makeObjectUrl(bytes, mime, (blob) => (urls.push(blob), `blob:fake/${urls.length}`), Blob),
      }),
    );
    const main = registry.require('main.js') as { logo: string; ns: { default: string } };
    registry.require('other.js');
    expect(styles).toEqual([
      { attrs: { 'data-playpen-module': 'style.css' }, textContent: 'body { color: red }' },
    ]);
    expect(main.logo).toBe('blob:fake/1');
    expect(main.ns.default).toBe('blob:fake/1');
    expect(urls).toHaveLength(1);
    expect(urls[0]!.type).toBe('image/png');
    expect(new Uint8Array(await urls[0]!.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('evaluates vendor modules lazily and once', async () => {
    let calls = 0;
    const react = { createElement: () => 'el' };
    const modules = {
      'main.js': await js(
        'main.js',
        `import React, { createElement } from 'react'; export const same = React.createElement === createElement;`,
        { react: 'react' },
      ),
    };
    const registry = createModuleRegistry(
      modules,
      env({ vendor: { react: () => (calls++, react) } }),
    );
    expect(calls).toBe(0);
    expect((registry.require('main.js') as { same: boolean }).same).toBe(true);
    registry.require('react');
    expect(calls).toBe(1);
  });

  it('gives CDN namespaces ES module interop for default and named imports', async () => {
    const url = 'https://esm.sh/greet@1';
    // What import() returns: a null-prototype, non-extensible namespace.
    const ns = Object.freeze(
      Object.assign(Object.create(null), { default: (n: string) => `hi ${n}`, version: 3 }),
    );
    const noDefaultUrl = 'https://esm.sh/named-only';
    const noDefault = Object.freeze(Object.assign(Object.create(null), { only: 1 }));
    const modules = {
      'main.js': await js(
        'main.js',
        `import greet, { version } from '${url}'; import * as all from '${url}'; import { only } from '${noDefaultUrl}'; export const out = [greet('you'), version, all.version, typeof all.default, only];`,
        {
          [url]: url,
          [noDefaultUrl]: noDefaultUrl,
        },
      ),
    };
    const cdn = new Map<string, object>([
      [url, ns],
      [noDefaultUrl, noDefault],
    ]);
    const registry = createModuleRegistry(modules, env({ cdn }));
    expect((registry.require('main.js') as { out: unknown[] }).out).toEqual([
      'hi you',
      3,
      3,
      'function',
      1,
    ]);
  });

  it('names the missing module and its importer', async () => {
    const modules = {
      'src/main.js': await js('src/main.js', `import './gone.js';`, { './gone.js': 'src/gone.js' }),
    };
    const registry = createModuleRegistry(modules, env());
    expect(() => registry.require('src/main.js')).toThrow(
      "Cannot find module 'src/gone.js' imported from src/main.js",
    );
  });

  it('drops a module whose evaluation threw, so requiring it again throws again', async () => {
    const modules = {
      'bad.js': await js('bad.js', `exports.partial = 1; throw new TypeError('broken at load');`),
    };
    const registry = createModuleRegistry(modules, env());
    expect(() => registry.require('bad.js')).toThrow('broken at load');
    expect(() => registry.require('bad.js')).toThrow('broken at load');
  });

  it('passes the loop guard to every JS module as its 4th argument', () => {
    const sites: string[] = [];
    const modules: Record<string, ProgramModule> = {
      'main.js': {
        kind: 'js',
        code: '(function (require, module, exports, guard) { for (let i = 0; i < 2; i++) guard("main.js:1"); require("./b"); })',
        url: 'playpen:///main.js',
        map: '',
        deps: { './b': 'b.js' },
      },
      'b.js': {
        kind: 'js',
        code: '(function (require, module, exports, guard) { guard("b.js:1"); })',
        url: 'playpen:///b.js',
        map: '',
        deps: {},
      },
    };
    createModuleRegistry(modules, env({ loopGuard: (site) => sites.push(site) })).require(
      'main.js',
    );
    expect(sites).toEqual(['main.js:1', 'main.js:1', 'b.js:1']);
    // Without a guard (tests, tools) modules still get a callable 4th argument.
    expect(() => createModuleRegistry(modules, env()).require('main.js')).not.toThrow();
  });

  it('passes a probed replay’s probe as every JS module’s 6th argument, a no-op one otherwise', () => {
    // As the probe worker instruments a module: after the loop guard's and the navigator's.
    const code = `(function (require, module, exports, __ppLoop, __ppNav, __ppProbe) {
      __ppProbe.l(0);
      let ball = { x: 1 };
      __ppProbe.p(0, (k) => { switch (k) { case 0: return ball; case 1: return this; } });
      ball.x += 1;
      __ppProbe.p(0, (k) => { switch (k) { case 0: return ball; case 1: return this; } });
    })`;
    const modules: Record<string, ProgramModule> = {
      'main.js': { kind: 'js', code, url: 'playpen:///main.js', map: '', deps: {} },
    };
    const sent: RuntimeMessage[] = [];
    const probe = createProbe(
      { sites: [probeSpec('ball.x, this', ['ball', 'this'])], lines: 1, maxHits: 10 },
      { global: {}, now: () => 0, send: (m) => sent.push(m), depth: () => 1 },
    );
    createModuleRegistry(modules, env({ probe: probe.module })).require('main.js');
    probe.flush();
    const hits = sent[0] as Extract<RuntimeMessage, { type: 'probe-hits' }>;
    expect(hits.hits.map((h) => h.values)).toEqual([
      [
        { t: 'number', v: 1 },
        { t: 'object', id: 1, cls: null, entries: [] },
      ],
      [
        { t: 'number', v: 2 },
        { t: 'object', id: 1, cls: null, entries: [] },
      ],
    ]);
    expect(sent[1]).toEqual({ type: 'line-hits', lines: [{ i: 0, runs: 1, ticks: [0] }] });
    expect(() => createModuleRegistry(modules, env()).require('main.js')).not.toThrow();
  });
});
