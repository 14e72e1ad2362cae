import type { Project } from '../../src/protocol';

/** File i of a generated chain: imports i+1 and i+2; JSX only in the `.tsx` flavour. */
const moduleText = (i: number, n: number, stamp: number, jsx: boolean, salt = '') => {
  const deps = [i + 1, i + 2].filter((d) => d < n);
  const imports = deps.map((d) => `import { value${d} } from './m${d}';`).join('\n');
  const value = deps.map((d) => `value${d}`).join(' + ') || '1';
  // The `.ts` flavour keeps a function of the same size without JSX, so peers that only strip
  // types (@vue/repl's sucrase) do the same work per file as esbuild.
  const label = jsx
    ? `export function Label${i}({ text }: { text: string }) { return <span title="${i}">{text}</span>; }`
    : `export function Label${i}({ text }: { text: string }): string { return \`<span title="${i}">\${text}</span>\`; }`;
  return `${salt ? `// ${salt}\n` : ''}${imports}
export interface Item${i} { id: number; label: string }
export const items${i}: Item${i}[] = [{ id: ${i}, label: 'module ${i}' }];
${label}
export const value${i}: number = ${value};
${i === n - 1 ? `export const stamp: number = ${stamp};\n` : ''}`;
};

/** `.tsx` files with JSX (Playpen's own figures) or `.ts` files without (the peer comparison). */
export type Flavour = 'tsx' | 'ts';

/**
 * A generated project of `n` files where file i imports files i+1 and i+2 (as in
 * shared/notes/bundling.md). The entry logs the last file's `stamp`, so an edit of the last
 * file is seen in the console when the new run has evaluated every module. A `salt` (a first
 * comment line in every module) makes each file new to any cache keyed by content: a project
 * opened for the first time, not an earlier one again.
 */
export function chainProject(n: number, flavour: Flavour = 'tsx', salt = '', stamp = 0): Project {
  const files: Project['files'] = {};
  for (let i = 0; i < n; i++)
    files[`src/m${i}.${flavour}`] = {
      kind: 'text',
      text: moduleText(i, n, stamp, flavour === 'tsx', salt),
    };
  files[`src/main.${flavour}`] = {
    kind: 'text',
    text: `import { value0 } from './m0';
import { stamp } from './m${n - 1}';
document.body.textContent = String(value0);
console.log('pp-bench ' + stamp);
`,
  };
  return { name: `chain-${n}`, entry: `src/main.${flavour}`, files };
}

/** The edit: the last file with a new stamp. */
export function chainEdit(
  n: number,
  stamp: number,
  flavour: Flavour = 'tsx',
): { path: string; text: string } {
  return { path: `src/m${n - 1}.${flavour}`, text: moduleText(n - 1, n, stamp, flavour === 'tsx') };
}

/**
 * Component i of a generated `.vue` chain: imports components i+1 and i+2 (as the `.ts` chain
 * imports modules), renders i+1 (so the tree stays a line, not a fan) and keeps i+2 behind a
 * `v-if`; TypeScript props, a ref, a scoped style. The deepest logs the stamp when it is set
 * up, so the marker shows once every component was compiled, evaluated and mounted.
 */
const componentText = (i: number, n: number, stamp: number) => {
  const deps = [i + 1, i + 2].filter((d) => d < n);
  const imports = deps.map((d) => `import C${d} from './C${d}.vue';`).join('\n');
  const children = deps
    .map((d, k) => `<C${d}${k ? ' v-if="false"' : ''} :depth="props.depth + ${k + 1}" />`)
    .join('\n    ');
  const log = i === n - 1 ? `\nconsole.log('pp-bench ' + ${stamp});` : '';
  return `<script setup lang="ts">
import { ref } from 'vue';
${imports}
interface Item${i} { id: number; label: string }
const props = withDefaults(defineProps<{ depth?: number }>(), { depth: 0 });
const items = ref<Item${i}[]>([{ id: ${i}, label: 'component ${i}' }]);${log}
</script>

<template>
  <section class="c${i}" :title="items[0]?.label">
    <span>{{ items[0]?.label }} at {{ props.depth }}</span>
    ${children}
  </section>
</template>

<style scoped>
.c${i} {
  padding-left: 1px;
}
</style>
`;
};

/** The entry of a `.vue` chain: mounts the first component (the same file for every peer). */
const COMPONENT_MAIN = `import { createApp } from 'vue';
import C0 from './C0.vue';
const root = document.createElement('div');
document.body.append(root);
createApp(C0).mount(root);
`;

/** A generated project of `n` `.vue` components, each importing the next two (see componentText). */
export function componentChain(n: number): Project {
  const files: Project['files'] = { 'src/main.ts': { kind: 'text', text: COMPONENT_MAIN } };
  for (let i = 0; i < n; i++)
    files[`src/C${i}.vue`] = { kind: 'text', text: componentText(i, n, 0) };
  return { name: `vue-chain-${n}`, entry: 'src/main.ts', files };
}

/** The edit of a `.vue` chain: the deepest component with a new stamp. */
export function componentEdit(n: number, stamp: number): { path: string; text: string } {
  return { path: `src/C${n - 1}.vue`, text: componentText(n - 1, n, stamp) };
}

/** Component i of a generated `.svelte` chain: as componentText, in Svelte 5 with runes. */
const svelteText = (i: number, n: number, stamp: number) => {
  const deps = [i + 1, i + 2].filter((d) => d < n);
  const imports = deps.map((d) => `  import C${d} from './C${d}.svelte';`).join('\n');
  const children = deps
    .map((d, k) =>
      k ? `{#if false}<C${d} depth={depth + 2} />{/if}` : `<C${d} depth={depth + 1} />`,
    )
    .join('\n  ');
  const log = i === n - 1 ? `\n  console.log('pp-bench ' + ${stamp});` : '';
  return `<script lang="ts">
${imports}
  interface Item${i} { id: number; label: string }
  let { depth = 0 }: { depth?: number } = $props();
  let items: Item${i}[] = $state([{ id: ${i}, label: 'component ${i}' }]);${log}
</script>

<section class="c${i}" title={items[0]?.label}>
  <span>{items[0]?.label} at {depth}</span>
  ${children}
</section>

<style>
  .c${i} {
    padding-left: 1px;
  }
</style>
`;
};

/** A generated project of `n` `.svelte` components, each importing the next two. */
export function svelteChain(n: number): Project {
  const files: Project['files'] = {
    'src/main.ts': {
      kind: 'text',
      text: `import { mount } from 'svelte';\nimport C0 from './C0.svelte';\nmount(C0, { target: document.body });\n`,
    },
  };
  for (let i = 0; i < n; i++)
    files[`src/C${i}.svelte`] = { kind: 'text', text: svelteText(i, n, 0) };
  return { name: `svelte-chain-${n}`, entry: 'src/main.ts', files };
}

/** The edit of a `.svelte` chain: the deepest component with a new stamp. */
export function svelteEdit(n: number, stamp: number): { path: string; text: string } {
  return { path: `src/C${n - 1}.svelte`, text: svelteText(n - 1, n, stamp) };
}
