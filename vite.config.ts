import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { firstProgramPlugin } from './scripts/first-program-plugin.ts';
import { preloadStartupChunks } from './scripts/preload-startup-chunks.ts';
import { immutableAssets } from './scripts/immutable-assets.ts';
import { sdkPlugin } from './scripts/sdk-plugin.ts';

// The app is a static site: a relative base by default, so dist/ works from any path on any
// plain host. PLAYPEN_BASE sets an absolute one (e.g. /playpen/) for hosts that need it.
export default defineConfig({
  base: process.env.PLAYPEN_BASE || './',
  // The app's own text is English: React Aria's built-in strings (e.g. "Select all") follow it,
  // instead of shipping every locale's strings to be parsed on each load.
  plugins: [
    react(),
    optimizeLocales.vite({ locales: ['en-US'] }),
    firstProgramPlugin(),
    // What src/main.tsx imports at once: Monaco (src/editor/load-monaco.ts) and the UI.
    preloadStartupChunks([
      'src/editor/monaco-setup.ts',
      'src/editor/type-libs.ts',
      'src/app/mount.tsx',
    ]),
    immutableAssets(),
    // The embed SDK: sdk/playpen.js, sdk/element.js and the React package (docs/embed.md).
    sdkPlugin(),
  ],
  resolve: {
    alias: [
      // monaco-vim imports Monaco's files by their pre-0.55 paths (esm/vs/…), monaco-emacs the
      // package's main entry (every language at once): both get the files the app loads, so
      // they share its Monaco instead of bundling another.
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: 'monaco-editor/$1' },
      { find: /^monaco-editor$/, replacement: 'monaco-editor/editor/editor.api' },
      // Monaco's TypeScript service names its worker `new URL('ts.worker.js', import.meta.url)`:
      // pointed at ours (Monaco's worker with a fix, workers/typescript.worker.ts), so the build
      // emits that one instead of both.
      {
        find: /^ts\.worker\.js$/,
        replacement: fileURLToPath(new URL('./workers/typescript.worker.ts', import.meta.url)),
      },
    ],
  },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 8000 },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
  },
});
