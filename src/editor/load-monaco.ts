/**
 * Loads Monaco on demand (its own chunks, fetched in parallel with React's type
 * declarations) so the app shell renders before the editor's few megabytes arrive.
 */
import type { MonacoApi } from './monaco-setup';

let loading: Promise<MonacoApi> | undefined;

/** Loads and sets up Monaco once; after a failure (e.g. offline) the next call retries. */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= Promise.all([import('./monaco-setup'), import('./type-libs')]).then(([setup, libs]) =>
    setup.setupMonaco(libs.TYPE_LIBS),
  );
  const attempt = loading;
  attempt.catch(() => {
    if (loading === attempt) loading = undefined;
  });
  return attempt;
}
