/**
 * Keeps the TypeScript service's view of the project complete. Monaco syncs a model into
 * a language worker only when that model is checked, and checks a file only when it
 * changes or is shown, so on its own it misses: files of the other language (a .tsx
 * importing a .js), files created after the visible one was checked, files never shown (they
 * have no model: project-libs.ts), and bare imports served by the CDN (no types here). This
 * fills those gaps.
 */
import type { ProjectFile } from '../protocol';
import { bareModuleDeclarations, cachedUntypedImports } from './ambient';
import type { MonacoApi } from './monaco-setup';
import { getModel, modelPaths, modelUri } from './models';
import { createProjectLibs } from './project-libs';
import { isScriptPath } from '../project/model/file-types';
import type { PackageTypes } from './package-types/package-types-client';
import { createOwnedLibs } from './package-types/owned-libs';

const CDN_MODULES_LIB = 'file:///node_modules/@playpen/env/cdn-modules.d.ts';
const REVISION_LIB = 'file:///node_modules/@playpen/env/revision.d.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The language's worker client, once Monaco has set the language up (shortly after its first model). */
async function workerFor(monaco: MonacoApi, language: 'typescript' | 'javascript') {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return language === 'typescript'
        ? await monaco.typescript.getTypeScriptWorker()
        : await monaco.typescript.getJavaScriptWorker();
    } catch {
      await delay(100 * (attempt + 1)); // "TypeScript not registered" until its mode loads
    }
  }
  return undefined;
}

/**
 * Creates the updater; call it after every syncModels (it debounces itself). With
 * `packageTypes`, the project's npm imports get their fetched types instead of `any`.
 */
export function createLanguageServiceSync(monaco: MonacoApi, packageTypes?: PackageTypes) {
  const { typescriptDefaults, javascriptDefaults } = monaco.typescript;
  let declarations = '';
  let revision = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = Promise.resolve();
  // After an edit only the edited file is scanned for imports again.
  const importsOf = cachedUntypedImports();

  /** Adds (or replaces) a lib in both languages; returns its removal. */
  const setLib = (content: string, uri: string) => {
    const added = [
      typescriptDefaults.addExtraLib(content, uri),
      javascriptDefaults.addExtraLib(content, uri),
    ];
    return () => added.forEach((lib) => lib.dispose());
  };

  let lastFiles: Record<string, ProjectFile> = {};
  let typed: ReadonlySet<string> = new Set(packageTypes?.status.getState().typed);
  const declare = () => {
    const next = bareModuleDeclarations(lastFiles, isScriptPath, importsOf, typed);
    if (next !== declarations) {
      declarations = next;
      setLib(next, CDN_MODULES_LIB); // also re-checks the visible file
    }
  };
  const stopFiles = packageTypes?.onFiles(createOwnedLibs(setLib));
  const projectLibs = createProjectLibs(setLib, (path) => modelUri(monaco, path).toString());
  const stopStatus = packageTypes?.status.subscribe(() => {
    const now = packageTypes.status.getState().typed;
    if (now.length === typed.size && now.every((name) => typed.has(name))) return;
    typed = new Set(now);
    declare();
  });

  async function run(files: Record<string, ProjectFile>, modelsChanged: boolean) {
    lastFiles = files;
    declare();
    packageTypes?.update(files);
    if (!modelsChanged) return;
    const models = modelPaths()
      .filter(isScriptPath)
      .map((path) => getModel(path)!);
    const uris = models.map((model) => model.uri);
    for (const language of ['typescript', 'javascript'] as const) {
      if (!models.some((model) => model.getLanguageId() === language)) continue;
      const client = await workerFor(monaco, language);
      await client?.(...uris).catch(() => undefined);
    }
    // Any extra-lib change makes Monaco re-check the visible file, now that all files are there.
    setLib(`// ${++revision}`, REVISION_LIB);
  }

  let pendingModelsChanged = false;
  return {
    /** Schedules an update; `modelsChanged` is syncModels' result. */
    update(files: Record<string, ProjectFile>, modelsChanged: boolean) {
      // At once, not debounced: a file just shown must not be checked against imports that
      // resolve nowhere yet. Compares file objects only: a keystroke costs a lookup per file.
      projectLibs.update(files, (path) => getModel(path) !== undefined);
      pendingModelsChanged ||= modelsChanged;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changed = pendingModelsChanged;
        pendingModelsChanged = false;
        running = running.then(() => run(files, changed)).catch(() => undefined);
      }, 200);
    },
    /** Stops pending work and removes the project's files from the libraries (the models and the packages' libs stay, they are global). */
    dispose() {
      clearTimeout(timer);
      projectLibs.dispose();
      stopFiles?.();
      stopStatus?.();
    },
  };
}
