import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const VERSION_ID = 'virtual:playpen-bundler-version';
const PROGRAM_ID = 'virtual:playpen-first-program';

/** What the bundler's output depends on in this repository: its code and what it imports. */
const BUNDLER_SOURCES = [
  'workers/bundler',
  'workers/bundler.worker.ts',
  'src/protocol',
  'src/project/model',
  'node_modules/esbuild-wasm/package.json',
];

const filesUnder = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => filesUnder(join(path, name)))
    : [path];

/** A hash of the bundler's sources and esbuild's version: a new one never reuses an old program. */
export function bundlerVersion(root: string): string {
  const hash = createHash('sha256');
  for (const source of BUNDLER_SOURCES)
    for (const file of filesUnder(join(root, source))) {
      hash.update(relative(root, file) + '\0');
      hash.update(readFileSync(file));
    }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Two modules for a cold start (src/app/first-program.ts): `virtual:playpen-bundler-version`,
 * and `virtual:playpen-first-program`, the default project's program built now by the worker's
 * bundler code under Node, shipped as its own chunk so a first visit runs it while esbuild starts.
 */
export function firstProgramPlugin(): Plugin {
  let root = process.cwd();
  let version: string | undefined;
  return {
    name: 'playpen-first-program',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === VERSION_ID || id === PROGRAM_ID ? '\0' + id : undefined),
    async load(id) {
      if (id !== '\0' + VERSION_ID && id !== '\0' + PROGRAM_ID) return undefined;
      version ??= bundlerVersion(root);
      if (id === '\0' + VERSION_ID)
        return `export const BUNDLER_VERSION = ${JSON.stringify(version)};`;
      const { module, dependencies } = await runnerImport<{
        makeFirstProgram(bundler: string): Promise<{ key: string; json: string }>;
      }>(join(root, 'scripts/first-program-source.ts'), {
        configFile: false,
        root,
        logLevel: 'error',
      });
      for (const file of dependencies) this.addWatchFile(file);
      const { key, json } = await module.makeFirstProgram(version);
      return `export const key = ${JSON.stringify(key)};\nexport const json = ${JSON.stringify(json)};\n`;
    },
  };
}
