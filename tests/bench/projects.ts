import type { Project } from '../../src/protocol';

const moduleText = (i: number, n: number, stamp: number) => {
  const deps = [i + 1, i + 2].filter((d) => d < n);
  const imports = deps.map((d) => `import { value${d} } from './m${d}';`).join('\n');
  const value = deps.map((d) => `value${d}`).join(' + ') || '1';
  return `${imports}
export interface Item${i} { id: number; label: string }
export const items${i}: Item${i}[] = [{ id: ${i}, label: 'module ${i}' }];
export function Label${i}({ text }: { text: string }) { return <span title="${i}">{text}</span>; }
export const value${i}: number = ${value};
${i === n - 1 ? `export const stamp: number = ${stamp};\n` : ''}`;
};

/**
 * A generated TSX project of `n` files where file i imports files i+1 and i+2 (as in
 * shared/notes/bundling.md). The entry logs the last file's `stamp`, so an edit of the last
 * file is seen in the console when the new run has evaluated every module.
 */
export function chainProject(n: number): Project {
  const files: Project['files'] = {};
  for (let i = 0; i < n; i++) files[`src/m${i}.tsx`] = { kind: 'text', text: moduleText(i, n, 0) };
  files['src/main.tsx'] = {
    kind: 'text',
    text: `import { value0 } from './m0';
import { stamp } from './m${n - 1}';
document.body.textContent = String(value0);
console.log('pp-bench ' + stamp);
`,
  };
  return { name: `chain-${n}`, entry: 'src/main.tsx', files };
}

/** The edit: the last file with a new stamp. */
export function chainEdit(n: number, stamp: number): { path: string; text: string } {
  return { path: `src/m${n - 1}.tsx`, text: moduleText(n - 1, n, stamp) };
}
