import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { build, type InlineConfig, type Plugin } from 'vite';

/** The embed SDK's budget: sdk/playpen.js, minified and gzipped. */
export const SDK_GZIP_LIMIT = 5 * 1024;

/** The React package's name (dist/sdk/react, `npm pack` makes playpen-react-<version>.tgz). */
export const REACT_PACKAGE = '@playpen/react';

/** Gzipped bytes of a file, as a static host would send it compressed. */
export const gzipSize = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

const libBuild = (
  root: string,
  outDir: string,
  entry: Record<string, string>,
  external: string[],
) =>
  ({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      // Lib mode leaves an ES module's whitespace (for other bundlers' pure annotations): these
      // files are served as they are, so they are minified whole.
      rollupOptions: { external, output: { minify: true } },
    },
  }) satisfies InlineConfig;

/** Declarations of the SDK's entries, from the same types the embed checks (protocol/embed.ts). */
function emitTypes(root: string, outDir: string) {
  const entries = ['src/sdk/playpen.ts', 'src/sdk/element.ts', 'src/sdk/react.ts'];
  const program = ts.createProgram(
    entries.map((e) => join(root, e)),
    {
      declaration: true,
      emitDeclarationOnly: true,
      outDir,
      rootDir: join(root, 'src'),
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      strict: true,
      skipLibCheck: true,
      types: [],
    },
  );
  const result = program.emit();
  const errors = ts
    .getPreEmitDiagnostics(program)
    .concat(result.diagnostics)
    .filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length)
    throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost({})).slice(0, 2000));
}

/**
 * The static build also emits the embed SDK (docs/embed.md): `sdk/playpen.js` (no dependencies,
 * at most SDK_GZIP_LIMIT gzipped: the build fails past it), `sdk/element.js` (the
 * `<playpen-embed>` element, importing playpen.js), their `.d.ts`, and `sdk/react/`, the React
 * component as an npm package (React from the host). `vite preview` sends `sdk/` to any origin
 * (a module script is fetched with CORS), as a static host must (README, "Deploying").
 */
export function sdkPlugin(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'playpen:sdk',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(root, config.build.outDir);
    },
    async closeBundle() {
      const sdk = join(outDir, 'sdk');
      rmSync(sdk, { recursive: true, force: true });
      // Two builds: one would move playpen.js's code to a shared chunk, a request more.
      await build(libBuild(root, sdk, { playpen: 'src/sdk/playpen.ts' }, []));
      await build(libBuild(root, sdk, { element: 'src/sdk/element.ts' }, ['./playpen.js']));
      const react = join(sdk, 'react');
      await build(libBuild(root, react, { index: 'src/sdk/react.ts' }, ['react']));
      emitTypes(root, join(sdk, 'types'));
      writeFileSync(join(sdk, 'playpen.d.ts'), "export * from './types/sdk/playpen';\n");
      writeFileSync(join(sdk, 'element.d.ts'), "export * from './types/sdk/element';\n");
      cpSync(join(sdk, 'types'), join(react, 'types'), { recursive: true });
      const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        version: string;
      };
      writeFileSync(
        join(react, 'package.json'),
        JSON.stringify(
          {
            name: REACT_PACKAGE,
            version: pkg.version,
            description:
              'Playpen embeds as a React component: a browser playground with time travel.',
            type: 'module',
            main: './index.js',
            module: './index.js',
            types: './types/sdk/react.d.ts',
            exports: { '.': { types: './types/sdk/react.d.ts', default: './index.js' } },
            files: ['index.js', 'types', 'README.md'],
            sideEffects: false,
            peerDependencies: { react: '>=18' },
            license: 'MIT',
          },
          null,
          2,
        ) + '\n',
      );
      writeFileSync(
        join(react, 'README.md'),
        `# ${REACT_PACKAGE}\n\nA Playpen embed as a React component. See docs/embed.md in the Playpen repository.\n\n\`\`\`jsx\nimport { Playpen } from '${REACT_PACKAGE}';\n\n<Playpen baseUrl="https://playpen.example/" files={{ 'src/main.ts': "console.log('hi')" }} onConsole={(e) => console.log(e.text)} />\n\`\`\`\n`,
      );
      mkdirSync(sdk, { recursive: true });
      const size = gzipSize(join(sdk, 'playpen.js'));
      const line = (name: string) =>
        `${name} ${(gzipSize(join(sdk, name)) / 1024).toFixed(2)} kB gzipped`;
      console.log(
        `sdk: ${line('playpen.js')} (limit ${SDK_GZIP_LIMIT / 1024} kB), ${line('element.js')}, ${line('react/index.js')}`,
      );
      if (size > SDK_GZIP_LIMIT)
        throw new Error(
          `sdk/playpen.js is ${size} bytes gzipped, over its ${SDK_GZIP_LIMIT}-byte budget.`,
        );
    },
    configurePreviewServer(server) {
      const base = server.config.base.endsWith('/') ? server.config.base : `${server.config.base}/`;
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (path.startsWith(`${base}sdk/`)) res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      });
    },
  };
}
