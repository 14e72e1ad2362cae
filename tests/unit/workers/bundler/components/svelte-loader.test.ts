import { describe, expect, it } from 'vitest';
import * as svelteCompiler from 'svelte/compiler';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Program } from '../../../../../src/protocol';
import { createBundler } from '../../../../../workers/bundler/program';
import { countingEsbuild, files } from '../helpers';

const MAIN = `import { mount } from 'svelte';
import App from './App.svelte';
mount(App, { target: document.body });
`;

const APP = `<script lang="ts">
  import Counter from './Counter.svelte';
  import { clock } from './clock.svelte';
  let name: string = $state('world');
  function boom(): never {
    throw new Error('boom');
  }
</script>

<h1>Hello {name}!</h1>
<Counter start={2} />
<p>{clock.seconds}</p>
<button onclick={boom}>boom</button>

<style>
  h1 { color: red; }
</style>
`;

const COUNTER = `<script lang="ts">
  let { start }: { start: number } = $props();
  let count = $state(0);
</script>

<button onclick={() => count++}>count is {start + count}</button>
`;

const CLOCK = `export const clock = $state({ seconds: 0 });

export function tick(by: number): void {
  clock.seconds += by;
}
`;

const project = (extra: Record<string, string> = {}) =>
  files({
    'src/main.ts': MAIN,
    'src/App.svelte': APP,
    'src/Counter.svelte': COUNTER,
    'src/clock.svelte.ts': CLOCK,
    ...extra,
  });

const bundlerWithSvelte = () => {
  const loads = { svelte: 0 };
  const esbuild = countingEsbuild();
  const bundler = createBundler({
    esbuild: esbuild.api,
    frameworks: {
      vue: () => Promise.reject(new Error('not in this test')),
      svelte: async () => {
        loads.svelte++;
        return svelteCompiler;
      },
    },
  });
  return { bundler, loads, esbuild };
};

const build = (bundler: ReturnType<typeof createBundler>, changes = project(), reset = true) =>
  bundler.build({ reset, changes, entry: 'src/main.ts', cdnBase: 'https://cdn.test/' });

/** Where the first occurrence of `needle` in module `path`'s code maps to in its file. */
const lineOf = (program: Program, path: string, needle: string) => {
  const mod = program.modules[path]!;
  if (mod.kind !== 'js') throw new Error(`${path} is not a script`);
  const lines = mod.code.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  expect(line, needle).toBeGreaterThanOrEqual(0);
  return originalPositionFor(new TraceMap(mod.map), {
    line: line + 1,
    column: lines[line]!.indexOf(needle),
  }).line;
};

describe('the .svelte loader', () => {
  it('compiles components and rune modules against the prebuilt runtime, CSS scoped', async () => {
    const { bundler } = bundlerWithSvelte();
    const out = await build(bundler);
    expect(out.diagnostics).toEqual([]);
    const program = out.program!;
    // Every import of Svelte is a module of its one prebuilt bundle.
    expect(program.vendor).toEqual(expect.arrayContaining(['svelte', 'svelte/internal/client']));
    expect(program.cdn).toEqual([]);
    const app = program.modules['src/App.svelte']!;
    expect(app.kind === 'js' && Object.values(app.deps)).toEqual(
      expect.arrayContaining([
        'src/Counter.svelte',
        'src/clock.svelte.ts',
        'src/App.svelte?style0',
      ]),
    );
    const css = program.modules['src/App.svelte?style0']!;
    expect(css.kind === 'css' && css.css).toMatch(/h1\.svelte-[a-z0-9]+ \{\s*color: red;/);
    // The rune module's $state is Svelte's, its types gone.
    const clock = program.modules['src/clock.svelte.ts']!;
    expect(clock.kind === 'js' && clock.code).toContain('$.proxy(');
    expect(clock.kind === 'js' && clock.code).not.toContain(': number');
  });

  it("maps components' and rune modules' code back to their lines", async () => {
    const { bundler } = bundlerWithSvelte();
    const program = (await build(bundler)).program!;
    expect(lineOf(program, 'src/App.svelte', 'throw new Error("boom")')).toBe(6);
    expect(lineOf(program, 'src/clock.svelte.ts', 'by')).toBe(3);
    const mod = program.modules['src/clock.svelte.ts']!;
    expect(mod.kind === 'js' && JSON.parse(mod.map).sourcesContent).toEqual([CLOCK]);
  });

  it('reports compile errors and warnings at their line and column', async () => {
    const { bundler } = bundlerWithSvelte();
    const broken = `<script>
  let n = $state(0);
</script>

<p>{n +}</p>
`;
    let out = await build(bundler, project({ 'src/App.svelte': broken }));
    expect(out.program).toBeUndefined();
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.svelte', line: 5, column: 8 }),
    ]);

    const warned = `<script>
  let n = $state(0);
</script>

<img src="a.png" />
<p>{n}</p>
`;
    out = await build(bundler, { 'src/App.svelte': files({ x: warned }).x! }, false);
    expect(out.program).toBeDefined();
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', file: 'src/App.svelte', line: 5, column: 1 }),
    ]);
    expect(out.diagnostics[0]!.text).toMatch(/alt/);

    const module = `const a: number = $state(1);\n\nexport const b = $derived(a * 2);\n`;
    out = await build(
      bundler,
      files({ 'src/App.svelte': APP, 'src/clock.svelte.ts': module }),
      false,
    );
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/clock.svelte.ts', line: 3 }),
    ]);
    expect(out.diagnostics[0]!.text).toMatch(/Cannot export derived state/);
  });

  it('loads the compiler only for projects with components, and compiles an edit alone', async () => {
    const { bundler, loads, esbuild } = bundlerWithSvelte();
    await build(bundler, files({ 'src/main.ts': 'console.log(1);' }));
    expect(loads.svelte).toBe(0);
    await build(bundler);
    expect(loads.svelte).toBeGreaterThan(0);
    esbuild.calls.length = 0;
    const out = await build(
      bundler,
      { 'src/Counter.svelte': files({ x: COUNTER.replace('count is', 'clicks:') }).x! },
      false,
    );
    expect(out.diagnostics).toEqual([]);
    expect(esbuild.calls).toEqual(['src/Counter.svelte']);
  });
});
