import type { Project } from '../../protocol';
import type { ProjectTraits } from './export-package';

/** The README of an exported project: how to run it, and anything the export had to guess. */
export function exportReadme(
  project: Project,
  traits: ProjectTraits,
  unpinned: string[],
  notes: string[],
): string {
  const lines = [
    `# ${project.name}`,
    '',
    'Exported from Playpen as a [Vite](https://vite.dev) project.',
    '',
    '```sh',
    'npm install',
    'npm run dev      # start a dev server',
    'npm run build    # production build in dist/',
    '```',
    '',
    `Entry: \`${project.entry}\`${frameworks(traits)}.`,
  ];
  if (unpinned.length > 0)
    lines.push(
      '',
      '## Versions to check',
      '',
      'Playpen loaded these packages from a CDN without a version, and the npm registry could not',
      'be reached to pin them, so `package.json` asks for `"latest"`. Pin the versions you tested with:',
      '',
      ...unpinned.map((name) => `- \`${name}\``),
    );
  if (notes.length > 0)
    lines.push('', '## Changed by the export', '', ...notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

/** ` (React)`, ` (Vue)`: what the entry runs, for the README's line about it. */
const frameworks = (traits: ProjectTraits): string => {
  const names = [
    traits.usesReact && 'React',
    traits.usesVue && 'Vue',
    traits.usesSvelte && 'Svelte',
  ].filter(Boolean);
  return names.length ? ` (${names.join(', ')})` : '';
};
