import { relative } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The files of the chunks of `modules` (paths from the project's root) and of everything those
 * chunks import statically, JavaScript and CSS apart, less what the entry chunk `entry` already
 * loads (itself and its static imports: Vite lists those in the page).
 */
export function startupFiles(
  bundle: OutputBundle,
  modules: readonly string[],
  root: string,
  entry: string,
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk, list: boolean) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    if (list) {
      scripts.push(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    }
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported, list);
    }
  };
  const entryChunk = byFile.get(entry);
  if (entryChunk) visit(entryChunk, false);
  for (const module of modules) {
    const chunk = chunks.find(
      (c) => c.facadeModuleId && relative(root, c.facadeModuleId) === module,
    );
    if (!chunk) throw new Error(`preload-startup-chunks: no chunk is made of ${module}`);
    visit(chunk, true);
  }
  return { scripts, styles: [...styles] };
}

/**
 * The entry starts these modules with `import()` as its first lines (the editor, the UI), but
 * the browser only learns of them once the entry's own graph has downloaded and run. Listed in
 * index.html as preloads, they download and compile alongside it: on a cold load the editor's
 * few megabytes are no longer requested ~100 ms late.
 */
export function preloadStartupChunks(modules: readonly string[]): Plugin {
  let base = './';
  let root = process.cwd();
  return {
    name: 'playpen-preload-startup-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const { scripts, styles } = startupFiles(bundle, modules, root, entry.fileName);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true },
          injectTo: 'head',
        });
        return [
          ...scripts.map((file) => link({ rel: 'modulepreload', href: base + file })),
          // Not stylesheets yet: those would hold the first paint; Vite's loader adds them.
          ...styles.map((file) => link({ rel: 'preload', as: 'style', href: base + file })),
        ];
      },
    },
  };
}
