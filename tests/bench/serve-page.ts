import { fileURLToPath } from 'node:url';
import { build, preview, type InlineConfig } from 'vite';
import { immutableAssets } from '../../scripts/immutable-assets';

/**
 * Builds a bench page (a folder with an index.html) like a production site and serves it on
 * 127.0.0.1 (`port`, 0 = any free one) from node_modules/.playpen-bench/<name>: peers and
 * references load everything from this machine, never from a CDN.
 */
export async function servePage(
  folder: URL,
  name: string,
  options: { port?: number; config?: InlineConfig } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const config: InlineConfig = {
    configFile: false,
    ...options.config,
    // Served as Playpen is: a returning visit (cold.bench.ts) finds the hashed files cached.
    plugins: [...(options.config?.plugins ?? []), immutableAssets()],
    root: fileURLToPath(folder),
    logLevel: 'warn',
    build: {
      outDir: fileURLToPath(new URL(`../../node_modules/.playpen-bench/${name}`, import.meta.url)),
      emptyOutDir: true,
      chunkSizeWarningLimit: 100_000,
    },
  };
  await build(config);
  const server = await preview({
    ...config,
    preview: { host: '127.0.0.1', port: options.port ?? 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error(`the ${name} server has no local URL`);
  return { url, close: () => server.close() };
}
