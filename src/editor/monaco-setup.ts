/**
 * One-time Monaco set-up: the local package only (never a CDN), only the languages a
 * playground project uses, workers built by Vite (`?worker`, so they follow Vite's `base`),
 * and a TypeScript service configured like a Vite + React project.
 * Import this module lazily (see load-monaco.ts): it pulls in the whole editor.
 */
import * as api from 'monaco-editor/editor/editor.api';
// Editor contributions (find, hover, suggest, folding, …): the bare API has none of them.
import 'monaco-editor/features/register.all';
// Tokenizers (each loads its grammar lazily on first use).
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/xml/register';
// Language services (each runs in its own worker; JSON registers its own tokenizer).
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import 'monaco-editor/languages/features/css/register';
import 'monaco-editor/languages/features/html/register';
import 'monaco-editor/languages/features/json/register';
// The same files the services would load themselves, so Vite emits each worker once.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { ASSET_DECLARATIONS } from './ambient';
import { registerComponentLanguages } from './component-languages';
import { languageWorkersAllowed } from './language-workers';
import type { TypeLib } from './type-libs';

/** The Monaco API this app loads: the editor API plus the TypeScript service. */
export type MonacoApi = typeof api & { typescript: typeof typescript };

// Monaco's TypeScript worker with a fix of ours (workers/typescript.worker.ts).
const tsWorker = () =>
  new Worker(new URL('../../workers/typescript.worker.ts', import.meta.url), {
    type: 'module',
    name: 'typescript',
  });

const WORKERS: Record<string, () => Worker> = {
  typescript: tsWorker,
  javascript: tsWorker,
  css: () => new CssWorker(),
  scss: () => new CssWorker(),
  less: () => new CssWorker(),
  html: () => new HtmlWorker(),
  handlebars: () => new HtmlWorker(),
  razor: () => new HtmlWorker(),
  json: () => new JsonWorker(),
};

// TS enum values the d.ts does not list (it stops at ES2020 / NodeJs); TS 5.9 knows them.
const ES2022 = 9 as typescript.ScriptTarget;
const BUNDLER = 100 as typescript.ModuleResolutionKind;

/** Mirrors a Vite React project's tsconfig, so code that builds here also checks here. */
const COMPILER_OPTIONS: typescript.CompilerOptions = {
  target: ES2022,
  module: typescript.ModuleKind.ESNext,
  moduleResolution: BUNDLER,
  jsx: typescript.JsxEmit.ReactJSX,
  strict: true,
  // esbuild compiles each file alone, so the checker warns about what it cannot do.
  isolatedModules: true,
  allowJs: true,
  checkJs: false,
  allowImportingTsExtensions: true,
  noEmit: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  allowNonTsExtensions: true,
  // ES2023 (findLast, toSorted, …) is in every browser the preview runs in.
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
};

let monaco: MonacoApi | undefined;

/**
 * Configures Monaco once and returns it; later calls return the same instance.
 * `typeLibs` (React's declarations) are added the first time.
 */
export function setupMonaco(typeLibs: readonly TypeLib[] = []): MonacoApi {
  if (monaco) return monaco;
  self.MonacoEnvironment = {
    getWorker: (_workerId: string, label: string) => {
      const LanguageWorker = WORKERS[label];
      return LanguageWorker
        ? languageWorkersAllowed.then(() => LanguageWorker())
        : new EditorWorker();
    },
  };
  monaco = { ...api, typescript };
  registerComponentLanguages(api.languages);

  for (const defaults of [typescript.typescriptDefaults, typescript.javascriptDefaults]) {
    defaults.setCompilerOptions(COMPILER_OPTIONS);
    defaults.setEagerModelSync(true);
    // No inlay hint kind is turned on, so TypeScript answers none; yet the provider asks at
    // every change, and each ask first brings the worker's program up to date: a new type
    // checker, merging every global of the libs again (~70 ms of the worker's CPU in a trace),
    // per keystroke, on the cores typing needs. Set before the language's first model.
    defaults.setModeConfiguration({ ...defaults.modeConfiguration, inlayHints: false });
    defaults.setExtraLibs([
      ...typeLibs.map((lib) => ({ content: lib.content, filePath: lib.uri })),
      { content: ASSET_DECLARATIONS, filePath: 'file:///node_modules/@playpen/env/assets.d.ts' },
    ]);
  }
  // Only the file on screen is checked: a 300-file project stays cheap, and a file is
  // re-checked whenever it is shown, so it never shows stale errors about other files.
  // JS files get the few errors TS reports without checkJs, and all of them with `// @ts-check`.
  typescript.typescriptDefaults.setDiagnosticsOptions({ onlyVisible: true });
  typescript.javascriptDefaults.setDiagnosticsOptions({ onlyVisible: true });
  return monaco;
}
