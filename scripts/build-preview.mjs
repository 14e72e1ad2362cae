// Builds the preview runtime and the vendor bundles (React, Vue, Svelte) into public/preview/ (gitignored),
// as classic scripts for public/preview.html. Usage:
//   node scripts/build-preview.mjs            build once (npm run build:preview)
//   node scripts/build-preview.mjs --watch    rebuild on changes (while working on src/runtime)
//
// Each bundle is an IIFE wrapped as a function that is NOT called:
//   (self.__playpenSource ||= {})["runtime"] = function () { …bundle…; return <global>; };
// preview.html (inline script) and the runtime evaluate that function's source text with
// eval. Code run straight from a <script src> of the app's origin is cross-origin to the
// sandboxed (opaque-origin) preview, so its errors reach window.onerror as "Script error."
// and its unhandled rejections are not reported at all; eval'd from the document's own
// inline script, they are reported in full.
import { build } from 'vite';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const bundles = [
  { name: 'runtime', entry: 'src/runtime/index.ts' },
  // The global the IIFE assigns its exports to; returned from the wrapper function.
  { name: 'react-vendor', entry: 'src/runtime/react-vendor.ts', global: '__playpenVendor' },
  { name: 'vue-vendor', entry: 'src/runtime/vue-vendor.ts', global: '__playpenVendor' },
  { name: 'svelte-vendor', entry: 'src/runtime/svelte-vendor.ts', global: '__playpenVendor' },
];

/** Wraps the finished (minified) chunk as an uncalled function registered by name. */
function wrapAsSource(name, global) {
  return {
    name: 'playpen-wrap-as-source',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const ret = global ? `\nreturn ${global};` : '';
        chunk.code = `(self.__playpenSource||(self.__playpenSource={}))[${JSON.stringify(name)}]=function(){\n${chunk.code}${ret}\n};\n`;
      }
    },
  };
}

/** Vite inline config for one bundle (tests build with `write: false` to inspect the output). */
export function previewBuildConfig({ name, entry, global }, { watch = false, write = true } = {}) {
  return {
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    // Development React, Vue and Svelte: their warnings and full error messages are what a
    // playground user needs. Vue's feature flags as a Vite app with @vitejs/plugin-vue has them.
    define: {
      'process.env.NODE_ENV': JSON.stringify('development'),
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    // Svelte picks its development build by this condition (esm-env).
    resolve: { conditions: ['module', 'browser', 'development'] },
    plugins: [wrapAsSource(name, global)],
    build: {
      outDir: 'public/preview',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      write,
      watch: watch ? {} : null,
      lib: {
        entry,
        formats: ['iife'],
        name: global ?? '__playpenRuntime',
        fileName: () => `${name}.js`,
      },
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const watch = process.argv.includes('--watch');
  for (const bundle of bundles) {
    const started = performance.now();
    await build(previewBuildConfig(bundle, { watch }));
    const ms = Math.round(performance.now() - started);
    if (!watch) console.log(`build-preview: public/preview/${bundle.name}.js (${ms} ms)`);
  }
}
