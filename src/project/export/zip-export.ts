/**
 * Project → a zip holding a runnable Vite project: the files byte for byte, plus what Vite
 * needs around them (package.json, index.html, vite.config.js, tsconfig.json) and a README.
 * Pure: versions and the clock are passed in.
 */
import { zipSync, type Zippable } from 'fflate';
import { findProjectFile } from '../model/file-lookup';
import { fileTypeOf } from '../model/file-types';
import { extractHtml, parseAttributes, resolveHtmlEntry } from '../model/index-html';
import { isUrl } from '../model/paths';
import type { Project } from '../../protocol';
import {
  buildPackageJson,
  projectTraits,
  type ProjectTraits,
  type ToolVersions,
} from './export-package';
import { exportReadme } from './export-readme';

export interface ExportOptions {
  /** Versions written into package.json for React, Vite and TypeScript. */
  versions: ToolVersions;
  /** Exact versions of imported packages the project does not declare (see registry-versions.ts). */
  resolved?: Readonly<Record<string, string>>;
  /** Modification time stored in the zip (defaults to now). */
  now?: Date;
}

export interface ExportedZip {
  /** `<project name>.zip`, safe as a file name. */
  fileName: string;
  bytes: Uint8Array;
}

/** A name every file system accepts: illegal characters become `-`. */
export function safeFileName(name: string): string {
  const safe = name
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]+/g, '-')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return safe.slice(0, 100) || 'project';
}

const encoder = new TextEncoder();

/** The exported project's files (path → bytes), before zipping. */
export function exportFiles(
  project: Project,
  versions: ToolVersions,
  resolved: Readonly<Record<string, string>> = {},
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const [path, file] of Object.entries(project.files))
    out.set(path, file.kind === 'text' ? encoder.encode(file.text) : file.bytes);
  const traits = projectTraits(project);
  const notes: string[] = [];

  const pkg = buildPackageJson(project, traits, versions, resolved);
  if (pkg.invalidOriginal) {
    out.set('package.original.json', out.get('package.json') as Uint8Array);
    notes.push(
      '`package.json` could not be read as JSON; it is kept as `package.original.json` and a new one was written.',
    );
  }
  out.set('package.json', encoder.encode(pkg.text));

  const html = exportIndexHtml(project);
  if (html.note) notes.push(html.note);
  if (html.text !== null) out.set('index.html', encoder.encode(html.text));

  if (!Object.keys(project.files).some((p) => /^vite\.config\.[cm]?[jt]s$/.test(p)))
    out.set('vite.config.js', encoder.encode(viteConfig(traits)));
  if (traits.usesTs && !project.files['tsconfig.json'])
    out.set('tsconfig.json', encoder.encode(TSCONFIG));

  const readme = exportReadme(project, traits, pkg.unpinned, notes);
  out.set(project.files['README.md'] ? 'README.playpen.md' : 'README.md', encoder.encode(readme));
  return out;
}

/** The project as a zip whose single top folder is named after it. */
export function exportProjectZip(project: Project, opts: ExportOptions): ExportedZip {
  const name = safeFileName(project.name);
  const tree: Zippable = {};
  const mtime = opts.now ?? new Date();
  for (const [path, bytes] of exportFiles(project, opts.versions, opts.resolved))
    tree[`${name}/${path}`] = [bytes, { level: fileTypeOf(path).compressed ? 0 : 6, mtime }];
  return { fileName: `${name}.zip`, bytes: zipSync(tree) };
}

/** Each framework's Vite plugin: its import and its call in `plugins`. */
const PLUGINS: { uses: (t: ProjectTraits) => boolean; from: string; name: string; named?: true }[] =
  [
    { uses: (t) => t.usesReact, from: '@vitejs/plugin-react', name: 'react' },
    { uses: (t) => t.usesVue, from: '@vitejs/plugin-vue', name: 'vue' },
    {
      uses: (t) => t.usesSvelte,
      from: '@sveltejs/vite-plugin-svelte',
      name: 'svelte',
      named: true,
    },
  ];

function viteConfig(traits: ProjectTraits): string {
  const used = PLUGINS.filter((p) => p.uses(traits));
  if (!used.length)
    return `import { defineConfig } from 'vite';\n\nexport default defineConfig({});\n`;
  return `import { defineConfig } from 'vite';
${used.map((p) => `import ${p.named ? `{ ${p.name} }` : p.name} from '${p.from}';`).join('\n')}

export default defineConfig({
  plugins: [${used.map((p) => `${p.name}()`).join(', ')}],
});
`;
}

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true,
    "allowImportingTsExtensions": true
  }
}
`;

const PROJECT_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>\s*<\/script\s*>/gi;

/**
 * index.html that loads the entry Playpen ran: the project's own when it already does (kept
 * byte for byte), else with its project scripts replaced, else a new one. Null: keep as is.
 */
function exportIndexHtml(project: Project): { text: string | null; note?: string } {
  const { files } = project;
  const entry = resolveHtmlEntry(project.entry, files);
  const tag = `<script type="module" src="/${entry}"></script>`;
  const own = files['index.html'];
  if (own?.kind !== 'text')
    return {
      text: `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>${escapeHtml(project.name)}</title>\n  </head>\n  <body>\n    ${tag}\n  </body>\n</html>\n`,
      note: own ? '`index.html` was not text; a new one loads the entry.' : undefined,
    };
  const scripts = extractHtml(own.text).scripts.map((src) =>
    findProjectFile(files, src.replace(/^\.?\//, '').replace(/[?#].*$/, '')),
  );
  if (scripts.length === 1 && scripts[0] === entry) return { text: null };
  // Playpen ignores the page's own project scripts and runs the entry: so does the export.
  const stripped = own.text.replace(PROJECT_SCRIPT, (whole, attrs: string) => {
    const src = parseAttributes(attrs).src;
    return src !== undefined && !isUrl(src) ? '' : whole;
  });
  const text = /<\/body\s*>/i.test(stripped)
    ? stripped.replace(/<\/body\s*>/i, `  ${tag}\n  </body>`)
    : stripped + `\n${tag}\n`;
  return { text, note: `\`index.html\` now loads \`${entry}\`, the entry Playpen ran.` };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
