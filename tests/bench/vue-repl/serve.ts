import { fileURLToPath } from 'node:url';
import { build, preview, type InlineConfig, type PreviewServer } from 'vite';

// The peer page is built like a production site (as play.vuejs.org is) and served by its own
// local server, so its preview loads Vue and es-module-shims from here, never from a CDN.
const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(
  new URL('../../../node_modules/.playpen-bench/vue-repl', import.meta.url),
);

const config: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 100_000 },
  define: {
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
};

/** Builds the peer page and serves it on 127.0.0.1 (any free port); returns its URL and a stop. */
export async function servePeer(): Promise<{ url: string; close(): Promise<void> }> {
  await build(config);
  const server: PreviewServer = await preview({
    ...config,
    preview: { host: '127.0.0.1', port: Number(process.env.PLAYPEN_BENCH_PEER_PORT ?? 0) },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the peer server has no local URL');
  return { url, close: () => server.close() };
}
