/**
 * The package.json of an exported project: the project's own, completed so that
 * `npm install && npm run dev` works (scripts, every imported package, Vite and its plugins).
 */
import { readDependencies } from '../model/package-json';
import type { Project } from '../../protocol';
import { componentFramework, fileTypeOf, isScriptPath } from '../model/file-types';
import { importedPackages } from './project-deps';

/** Versions written for the packages Playpen provides itself. */
export interface ToolVersions {
  /** React as the preview runs it (exact). */
  react: string;
  /** react-dom as the preview runs it (exact). */
  'react-dom': string;
  /** Vite, the dev server and build of the exported project. */
  vite: string;
  /** Vite's React plugin (JSX, fast refresh). */
  '@vitejs/plugin-react': string;
  /** TypeScript, for editors and `tsc`; Vite itself only strips types. */
  typescript: string;
  /** Vue as the preview runs it (exact). */
  vue: string;
  /** Vite's Vue plugin (single-file components). */
  '@vitejs/plugin-vue': string;
  /** Svelte as the preview runs it (exact). */
  svelte: string;
  /** Vite's Svelte plugin (components and rune modules). */
  '@sveltejs/vite-plugin-svelte': string;
}

export interface ProjectTraits {
  /** Any .ts/.tsx/.mts file. */
  usesTs: boolean;
  /** React imported or JSX files present. */
  usesReact: boolean;
  /** Vue imported or `.vue` components present. */
  usesVue: boolean;
  /** Svelte imported or `.svelte` components or rune modules present. */
  usesSvelte: boolean;
  /** Packages the code imports. */
  packages: string[];
}

export interface PackageJsonResult {
  text: string;
  /** Imported packages with no version anywhere: written as "latest". */
  unpinned: string[];
  /** The project's package.json could not be parsed (it is kept under another name). */
  invalidOriginal: boolean;
}

/** The packages the preview serves itself (vendor bundles): exported at the versions it ran. */
const PROVIDED = ['react', 'react-dom', 'vue', 'svelte'] as const;
type Provided = (typeof PROVIDED)[number];
const isProvided = (name: string): name is Provided =>
  (PROVIDED as readonly string[]).includes(name);

export function projectTraits(project: Project): ProjectTraits {
  const paths = Object.keys(project.files);
  const packages = importedPackages(project.files);
  const scripts = paths.filter(isScriptPath).map(fileTypeOf);
  return {
    usesTs:
      scripts.some((t) => t.language === 'typescript') ||
      paths.some((p) => componentFramework(p) && /\blang=["']ts["']/.test(textOf(project, p))),
    usesReact:
      packages.some((p) => p === 'react' || p === 'react-dom') ||
      scripts.some((t) => t.loader === 'tsx' || t.loader === 'jsx'),
    usesVue: packages.includes('vue') || paths.some((p) => componentFramework(p) === 'vue'),
    usesSvelte:
      packages.includes('svelte') || paths.some((p) => componentFramework(p) === 'svelte'),
    packages,
  };
}

const textOf = (project: Project, path: string) => {
  const file = project.files[path];
  return file?.kind === 'text' ? file.text : '';
};

/** The npm name for a project name: lower case, URL-safe. */
export function npmName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '')
    .slice(0, 214);
  return slug || 'playpen-project';
}

type Json = Record<string, unknown>;
const asRecord = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;

/** Imported packages the project's package.json does not declare (React and Vue aside): to pin. */
export function undeclaredPackages(project: Project): string[] {
  const declared = readDependencies(project.files['package.json']);
  return projectTraits(project).packages.filter((name) => !isProvided(name) && !(name in declared));
}

/**
 * `resolved`: exact versions (from the registry) for imported packages the project does not
 * declare; any still without a version is written as "latest" and listed in `unpinned`.
 */
export function buildPackageJson(
  project: Project,
  traits: ProjectTraits,
  versions: ToolVersions,
  resolved: Readonly<Record<string, string>> = {},
): PackageJsonResult {
  const own = project.files['package.json'];
  let pkg: Json = {};
  let invalidOriginal = false;
  if (own) {
    try {
      pkg = asRecord(own.kind === 'text' ? JSON.parse(own.text) : undefined) ?? {};
      if (own.kind !== 'text') invalidOriginal = true;
    } catch {
      invalidOriginal = true;
    }
  }
  const declared = readDependencies(own);
  const out: Json = { ...pkg };
  out.name ??= npmName(project.name);
  out.private ??= true;
  out.type ??= 'module';
  const scripts = { ...asRecord(pkg.scripts) };
  scripts.dev ??= 'vite';
  scripts.build ??= 'vite build';
  scripts.preview ??= 'vite preview';
  out.scripts = scripts;

  const deps: Json = { ...asRecord(pkg.dependencies) };
  const devDeps: Json = { ...asRecord(pkg.devDependencies) };
  const unpinned: string[] = [];
  const wanted = new Set(traits.packages);
  if (traits.usesReact) wanted.add('react').add('react-dom');
  if (traits.usesVue) wanted.add('vue');
  if (traits.usesSvelte) wanted.add('svelte');
  for (const name of [...wanted].sort()) {
    if (isProvided(name)) {
      // The preview always runs Playpen's React, Vue and Svelte, whatever the project declares.
      deps[name] = versions[name];
      delete devDeps[name];
    } else if (!(name in deps) && !(name in devDeps)) {
      const version =
        declared[name] ?? (Object.hasOwn(resolved, name) ? resolved[name] : undefined);
      if (version === undefined) unpinned.push(name);
      deps[name] = version ?? 'latest';
    }
  }
  const tools: (keyof ToolVersions)[] = ['vite'];
  if (traits.usesReact) tools.push('@vitejs/plugin-react');
  if (traits.usesVue) tools.push('@vitejs/plugin-vue');
  if (traits.usesSvelte) tools.push('@sveltejs/vite-plugin-svelte');
  if (traits.usesTs) tools.push('typescript');
  for (const tool of tools)
    if (!(tool in deps) && !(tool in devDeps)) devDeps[tool] = versions[tool];
  out.dependencies = sortKeys(deps);
  out.devDependencies = sortKeys(devDeps);

  const text = JSON.stringify(out, null, 2) + '\n';
  // Unchanged in meaning: keep the user's bytes (formatting, key order).
  if (own?.kind === 'text' && !invalidOriginal && sameJson(own.text, out))
    return { text: own.text, unpinned, invalidOriginal };
  return { text, unpinned, invalidOriginal };
}

const sortKeys = (o: Json): Json =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

function sameJson(text: string, value: Json): boolean {
  try {
    return JSON.stringify(canonical(JSON.parse(text))) === JSON.stringify(canonical(value));
  } catch {
    return false;
  }
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  const r = asRecord(v);
  if (!r) return v;
  return Object.fromEntries(
    Object.keys(r)
      .sort()
      .map((k) => [k, canonical(r[k])]),
  );
}
