import { describe, expect, it } from 'vitest';
import type { Plugin } from 'prettier';
import { parse } from 'yaml';
import { createFormatter } from '../../../workers/format/formatter';
import type { PrettierPluginName } from '../../../src/format/parsers';
import { findPrettierConfig } from '../../../src/format/prettier-config';
import type { FormatRequest } from '../../../src/format/format-types';

// The real Prettier standalone build and plugins, as the format worker loads them.
const loaded: PrettierPluginName[] = [];
const formatter = createFormatter({
  loadPrettier: () => import('prettier/standalone'),
  loadPlugin: async (name) => {
    loaded.push(name);
    if (name === 'svelte') return (await import('prettier-plugin-svelte/browser')) as Plugin;
    return (await import(`prettier/plugins/${name}`)) as Plugin;
  },
  parseYaml: (text) => Promise.resolve(parse(text)),
});
const format = (request: Partial<FormatRequest> & Pick<FormatRequest, 'path' | 'text'>) =>
  formatter.format({ config: null, ...request });

describe('formatting with Prettier', () => {
  it('formats TSX, CSS, HTML with inline script, JSON and Markdown', async () => {
    expect(
      await format({
        path: 'src/App.tsx',
        text: 'export const App=()=><div   className="a">{1+2}</div>\n',
      }),
    ).toEqual({ ok: true, text: 'export const App = () => <div className="a">{1 + 2}</div>;\n' });
    expect(await format({ path: 'src/a.css', text: 'a{color:red;margin:0}' })).toEqual({
      ok: true,
      text: 'a {\n  color: red;\n  margin: 0;\n}\n',
    });
    const html = await format({
      path: 'index.html',
      text: '<div><p>hi</p></div><script>const a={b:1}</script>',
    });
    expect(html.ok && html.text).toContain('const a = { b: 1 };');
    expect(await format({ path: 'data.json', text: '{"a":1,"b":[1,2]}' })).toEqual({
      ok: true,
      text: '{ "a": 1, "b": [1, 2] }\n',
    });
    expect(await format({ path: 'README.md', text: '# Title\n* one\n* two\n' })).toEqual({
      ok: true,
      text: '# Title\n\n- one\n- two\n',
    });
  });

  it('formats a Vue component: its TypeScript, template expressions and style', async () => {
    const result = await format({
      path: 'src/App.vue',
      text: `<script setup lang="ts">
import {ref} from 'vue'
const count=ref<number>(0)
</script>
<template>
<button @click="count++"   :title="\`n \${count}\`">{{count+1}}</button>
</template>
<style scoped>
button{color:red}
</style>
`,
    });
    expect(result).toEqual({
      ok: true,
      text: `<script setup lang="ts">
import { ref } from "vue";
const count = ref<number>(0);
</script>
<template>
  <button @click="count++" :title="\`n \${count}\`">{{ count + 1 }}</button>
</template>
<style scoped>
button {
  color: red;
}
</style>
`,
    });
  });

  it('formats a Svelte component with prettier-plugin-svelte: TypeScript, markup, style', async () => {
    const result = await format({
      path: 'src/App.svelte',
      text: `<script lang="ts">
let count:number=$state(0)
</script>
<button onclick={()=>count++}>clicks: {count+1}</button>
{#if count>2}<p>many</p>{/if}
<style>
button{color:red}
</style>
`,
    });
    expect(result).toEqual({
      ok: true,
      text: `<script lang="ts">
  let count: number = $state(0);
</script>

<button onclick={() => count++}>clicks: {count + 1}</button>
{#if count > 2}<p>many</p>{/if}

<style>
  button {
    color: red;
  }
</style>
`,
    });
  });

  it('a syntax error says where, formats nothing', async () => {
    const result = await format({ path: 'src/main.ts', text: 'const a = ;\nconsole.log(a)\n' });
    expect(result).toMatchObject({ ok: false, line: 1, column: 11 });
    expect(!result.ok && result.error).toMatch(
      /^src\/main\.ts was not formatted: syntax error at line 1, column 11: .+Fix it and format again\.$/,
    );
  });

  it("says Prettier's reason as one sentence, whether or not it ends with a full stop", async () => {
    const unclosed = await format({ path: 'src/App.tsx', text: 'const x = {\n' });
    expect(!unclosed.ok && unclosed.error).toBe(
      "src/App.tsx was not formatted: syntax error at line 2, column 1: '}' expected. Fix it and format again.",
    );
    const js = await format({ path: 'src/a.js', text: 'const a = ;' });
    expect(!js.ok && js.error).toBe(
      'src/a.js was not formatted: syntax error at line 1, column 11: Unexpected token. Fix it and format again.',
    );
  });

  it('follows the project .prettierrc (JSON or YAML) and its overrides', async () => {
    const code = 'const s = "x";\nconst o = {a: 1};\n';
    const json = findPrettierConfig({
      '.prettierrc': { kind: 'text', text: '{ "singleQuote": true, "semi": false }' },
    });
    expect(await format({ path: 'src/a.ts', text: code, config: json })).toEqual({
      ok: true,
      text: "const s = 'x'\nconst o = { a: 1 }\n",
    });
    const yaml = findPrettierConfig({
      '.prettierrc.yaml': {
        kind: 'text',
        text: 'bracketSpacing: false\noverrides:\n  - files: "*.ts"\n    options:\n      singleQuote: true\n',
      },
    });
    expect(await format({ path: 'src/a.ts', text: code, config: yaml })).toEqual({
      ok: true,
      text: "const s = 'x';\nconst o = {a: 1};\n",
    });
    expect(await format({ path: 'src/a.js', text: code, config: yaml })).toEqual({
      ok: true,
      text: 'const s = "x";\nconst o = {a: 1};\n',
    });
  });

  it('reads the "prettier" key of package.json, and never loads plugins a config names', async () => {
    const config = findPrettierConfig({
      'package.json': {
        kind: 'text',
        text: '{ "name": "x", "prettier": { "tabWidth": 4, "plugins": ["evil-plugin"] } }',
      },
    });
    expect(config?.path).toBe('package.json');
    expect(await format({ path: 'a.ts', text: 'if (a) {\nb()\n}\n', config, tabWidth: 2 })).toEqual(
      { ok: true, text: 'if (a) {\n    b();\n}\n' },
    );
    expect(loaded).not.toContain('evil-plugin');
  });

  it('a broken config or a bad option is named, and nothing is formatted', async () => {
    const broken = await format({
      path: 'a.ts',
      text: 'a',
      config: { path: '.prettierrc.json', text: '{ "semi": ' },
    });
    expect(!broken.ok && broken.error).toMatch(
      /^a\.ts was not formatted: \.prettierrc\.json could not be read/,
    );
    const bad = await format({
      path: 'a.ts',
      text: 'a',
      config: { path: '.prettierrc', text: 'printWidth: wide' },
    });
    expect(!bad.ok && bad.error).toMatch(/\.prettierrc: Invalid printWidth value/);
  });

  it('follows the selection: each offset lands on the same code in the formatted text', async () => {
    const text = 'const   total=price*count\nconsole.log( total )\n';
    // The cursor in `count`, the selection's other end on `console`.
    const [cursor, anchor] = [text.indexOf('ount'), text.indexOf('console')];
    const result = await format({ path: 'a.ts', text, offsets: [cursor, anchor] });
    expect(result).toMatchObject({
      ok: true,
      text: 'const total = price * count;\nconsole.log(total);\n',
    });
    const [newCursor, newAnchor] = (result.ok && result.offsets) || [];
    const formatted = result.ok ? result.text : '';
    expect(formatted.slice(newCursor, newCursor! + 4)).toBe('ount');
    expect(formatted.slice(newAnchor, newAnchor! + 7)).toBe('console');
    // Without offsets asked, none are given (one Prettier pass).
    expect(await format({ path: 'a.ts', text })).not.toHaveProperty('offsets');
  });

  it('files Prettier does not format are refused with a clear message', async () => {
    expect(await format({ path: 'logo.svg', text: '<svg/>' })).toEqual({
      ok: false,
      error: 'logo.svg: Prettier does not format this kind of file.',
    });
  });
});

describe('findPrettierConfig', () => {
  it('takes the first config file Prettier would, and skips a package.json without one', () => {
    const text = (t: string) => ({ kind: 'text' as const, text: t });
    expect(findPrettierConfig({ 'package.json': text('{"name":"x"}') })).toBeNull();
    expect(
      findPrettierConfig({
        'package.json': text('{"prettier":{}}'),
        '.prettierrc.yml': text('semi: false'),
      })?.path,
    ).toBe('.prettierrc.yml');
    // Only at the project's root.
    expect(findPrettierConfig({ 'src/.prettierrc': text('{}') })).toBeNull();
  });
});
