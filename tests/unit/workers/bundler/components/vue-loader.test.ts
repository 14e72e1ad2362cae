import { describe, expect, it } from 'vitest';
import * as vue from 'vue';
import { renderToString } from 'vue/server-renderer';
import * as vueCompiler from 'vue/compiler-sfc';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Program } from '../../../../../src/protocol';
import { createBundler } from '../../../../../workers/bundler/program';
import { scopeHash } from '../../../../../workers/bundler/components/vue';
import { countingEsbuild, evaluate, files } from '../helpers';

const MAIN = `import App from './App.vue';
export default App;
`;

const APP = `<script setup lang="ts">
import { ref } from 'vue';
import Counter from './Counter.vue';
import logo from './logo.png';
const title = ref<string>('Hello');
</script>

<template>
  <main :class="$style.box">
    <h1>{{ title }}</h1>
    <img src="./logo.png" alt="" />
    <Counter :start="2" />
    <p>{{ logo.length > 0 }}</p>
  </main>
</template>

<style scoped>
h1 { color: red; }
</style>

<style module>
.box { padding: 1px; }
</style>
`;

const COUNTER = `<script lang="ts">
import { defineComponent } from 'vue';
export default defineComponent({
  props: { start: { type: Number, required: true } },
  data() { return { count: this.start as number }; },
});
</script>

<template>
  <button @click="count++">count is {{ count }}</button>
</template>
`;

const project = (extra: Record<string, string> = {}) =>
  files({
    'src/main.ts': MAIN,
    'src/App.vue': APP,
    'src/Counter.vue': COUNTER,
    'src/logo.png': new Uint8Array([137, 80, 78, 71]),
    ...extra,
  });

/** A bundler with the real Vue compiler, counting its loads. */
const bundlerWithVue = () => {
  const loads = { vue: 0 };
  const esbuild = countingEsbuild();
  const bundler = createBundler({
    esbuild: esbuild.api,
    frameworks: {
      vue: async () => {
        loads.vue++;
        return vueCompiler;
      },
      svelte: () => Promise.reject(new Error('not in this test')),
    },
  });
  return { bundler, loads, esbuild };
};

const build = (bundler: ReturnType<typeof createBundler>, changes = project(), reset = true) =>
  bundler.build({ reset, changes, entry: 'src/main.ts', cdnBase: 'https://cdn.test/' });

/** Where the first occurrence of `needle` in module `path`'s code maps to in its file. */
const originalOf = (program: Program, path: string, needle: string) => {
  const mod = program.modules[path]!;
  if (mod.kind !== 'js') throw new Error(`${path} is not a script`);
  const lines = mod.code.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  expect(line, needle).toBeGreaterThanOrEqual(0);
  const found = originalPositionFor(new TraceMap(mod.map), {
    line: line + 1,
    column: lines[line]!.indexOf(needle),
  });
  return { line: found.line, source: found.source };
};

describe('the .vue loader', () => {
  it('builds components that Vue renders: script setup and options API, TS, props, assets', async () => {
    const { bundler } = bundlerWithVue();
    const out = await build(bundler);
    expect(out.diagnostics).toEqual([]);
    const program = out.program!;
    expect(program.vendor).toEqual(['vue']);
    const { exports, styles } = evaluate(program, { vue });
    const html = await renderToString(vue.createSSRApp(exports.default as vue.Component));
    const scope = `data-v-${scopeHash('src/App.vue')}`;
    expect(html).toContain(`<h1 ${scope}>Hello</h1>`);
    expect(html).toContain('count is 2');
    // The template's asset URL is an import of the project's image, served as its blob URL.
    expect(html).toContain('src="blob:src/logo.png"');
    expect(html).toContain('<p data-v-');
    // The scoped style is scoped; the module style's class is esbuild's local name.
    expect(styles.join('\n')).toContain(`h1[${scope}]`);
    const local = /class="([^"]+)"/.exec(html)![1]!;
    expect(local).not.toBe('box');
    expect(styles.join('\n')).toContain(`.${local}`);
  });

  it('maps the script and the template back to the lines of the .vue file', async () => {
    const { bundler } = bundlerWithVue();
    const broken = `<script setup>
import { ref } from 'vue';
const count = ref(0);
function boom() {
  throw new Error('boom');
}
</script>

<template>
  <button @click="boom">{{ count }}</button>
  <p>{{ missing.deep }}</p>
</template>
`;
    const out = await build(bundler, project({ 'src/App.vue': broken }));
    expect(out.diagnostics).toEqual([]);
    const program = out.program!;
    expect(originalOf(program, 'src/App.vue', 'throw new Error("boom")')).toEqual({
      line: 5,
      source: 'src/App.vue',
    });
    expect(originalOf(program, 'src/App.vue', 'missing.deep').line).toBe(11);
    const mod = program.modules['src/App.vue']!;
    expect(mod.kind === 'js' && JSON.parse(mod.map).sourcesContent).toEqual([broken]);
  });

  it('reports template and script errors at their line and column', async () => {
    const { bundler } = bundlerWithVue();
    const template = `<script setup>
const a = 1;
</script>

<template>
  <div>
    <span>{{ a + }}</span>
  </div>
</template>
`;
    let out = await build(bundler, project({ 'src/App.vue': template }));
    expect(out.program).toBeUndefined();
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.vue', line: 7, column: 14 }),
    ]);
    expect(out.diagnostics[0]!.text).toMatch(/Error parsing JavaScript expression/);

    const script = `<script setup lang="ts">
const a = 1;
const b = (;
</script>

<template><div>{{ a }}</div></template>
`;
    out = await build(bundler, { 'src/App.vue': files({ x: script }).x! }, false);
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.vue', line: 3, column: 12 }),
    ]);

    const macro = `<script setup>
defineProps(['a']);
defineProps(['b']);
</script>

<template><div /></template>
`;
    out = await build(bundler, { 'src/App.vue': files({ x: macro }).x! }, false);
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.vue', line: 3 }),
    ]);
    expect(out.diagnostics[0]!.text).toMatch(/duplicate defineProps/);

    const scss = `<template><div /></template>\n\n<style lang="scss">\n$a: 1;\n</style>\n`;
    out = await build(bundler, { 'src/App.vue': files({ x: scss }).x! }, false);
    expect(out.diagnostics).toEqual([
      {
        severity: 'error',
        file: 'src/App.vue',
        line: 3,
        column: 1,
        text: '<style lang="scss"> is not supported: write plain CSS.',
      },
    ]);
  });

  it('puts an unresolved import at its line in the component', async () => {
    const { bundler } = bundlerWithVue();
    const app = `<script setup lang="ts">
import { ref } from 'vue';

import Missing from './Missing.vue';
</script>

<template><Missing /></template>
`;
    const out = await build(bundler, project({ 'src/App.vue': app }));
    expect(out.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', file: 'src/App.vue', line: 4 }),
    ]);
    expect(out.diagnostics[0]!.text).toContain('Could not resolve "./Missing.vue"');
  });

  it('compiles an edited component alone, and loads the compiler only for projects with one', async () => {
    const { bundler, loads, esbuild } = bundlerWithVue();
    const plain = files({ 'src/main.ts': 'console.log(1);' });
    await build(bundler, plain);
    expect(loads.vue).toBe(0);

    // Received before the build (while esbuild may still be starting): the compiler is asked for.
    bundler.receive(project(), true);
    expect(loads.vue).toBeGreaterThan(0);
    const first = await bundler.build({ entry: 'src/main.ts', cdnBase: 'https://cdn.test/' });
    expect(first.diagnostics).toEqual([]);
    esbuild.calls.length = 0;
    const out = await build(
      bundler,
      { 'src/Counter.vue': files({ x: COUNTER.replace('count is', 'clicks:') }).x! },
      false,
    );
    expect(out.diagnostics).toEqual([]);
    expect(esbuild.calls).toEqual(['src/Counter.vue']);
    const html = await renderToString(
      vue.createSSRApp(evaluate(out.program!, { vue }).exports.default as vue.Component),
    );
    expect(html).toContain('clicks: 2');
  });

  it("guards a component's loops at their line in the .vue file", async () => {
    const bundler = createBundler({
      esbuild: countingEsbuild().api,
      guardLoops: true,
      frameworks: {
        vue: async () => vueCompiler,
        svelte: () => Promise.reject(new Error('not in this test')),
      },
    });
    const app = `<script setup>
let n = 0;
while (n < 3) n++;
</script>

<template><p>{{ n }}</p></template>
`;
    const out = await build(bundler, project({ 'src/App.vue': app }));
    expect(out.diagnostics).toEqual([]);
    const mod = out.program!.modules['src/App.vue']!;
    expect(mod.kind === 'js' && mod.code).toContain('__ppLoop("src/App.vue:3")');
  });

  it('resolves types that defineProps imports from another file, and rebuilds when it changes', async () => {
    const { bundler } = bundlerWithVue();
    const child = `<script setup lang="ts">
import type { Props } from './props';
defineProps<Props>();
</script>

<template><button>{{ label }}</button></template>
`;
    const app = `<script setup lang="ts">
import Child from './Child.vue';
</script>

<template><Child label="go" /></template>
`;
    const render = async (program: Program) =>
      renderToString(vue.createSSRApp(evaluate(program, { vue }).exports.default as vue.Component));
    let out = await build(
      bundler,
      project({
        'src/App.vue': app,
        'src/Child.vue': child,
        'src/props.ts': 'export interface Props { label: string }\n',
      }),
    );
    expect(out.diagnostics).toEqual([]);
    expect(await render(out.program!)).toContain('<button>go</button>');
    // The prop is renamed in the type: the component no longer declares `label`.
    out = await build(
      bundler,
      { 'src/props.ts': files({ x: 'export interface Props { text?: string }\n' }).x! },
      false,
    );
    expect(out.diagnostics).toEqual([]);
    expect(await render(out.program!)).toContain('<button label="go"></button>');
  });
});
