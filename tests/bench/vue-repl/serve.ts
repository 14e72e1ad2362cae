import { servePage } from '../serve-page';

/** Builds the @vue/repl peer page and serves it on 127.0.0.1; returns its URL and a stop. */
export function servePeer(): Promise<{ url: string; close(): Promise<void> }> {
  // Built like a production site (as play.vuejs.org is): its preview loads Vue and
  // es-module-shims from this server, never from a CDN.
  return servePage(new URL('.', import.meta.url), 'vue-repl', {
    port: Number(process.env.PLAYPEN_BENCH_PEER_PORT ?? 0),
    config: {
      define: {
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    },
  });
}
