import { svelte } from '@sveltejs/vite-plugin-svelte';
import { servePage } from '../serve-page';
import { localNpm } from './registry';

/**
 * Builds the Svelte playground peer page and serves it on 127.0.0.1, with the npm services its
 * worker fetches Svelte and packages from (registry.ts); `npmRequests` lists what it fetched.
 */
export async function serveSveltePeer(): Promise<{
  url: string;
  npmRequests: string[];
  close(): Promise<void>;
}> {
  const npmRequests: string[] = [];
  const server = await servePage(new URL('.', import.meta.url), 'svelte-repl', {
    port: Number(process.env.PLAYPEN_BENCH_SVELTE_PEER_PORT ?? 0),
    config: {
      plugins: [svelte(), localNpm(npmRequests)],
      // The bundler worker is a module worker (as the playground's Vite build makes it).
      worker: { format: 'es' },
    },
  });
  return { ...server, npmRequests };
}
