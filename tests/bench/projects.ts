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
