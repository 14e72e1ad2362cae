/**
 * Fetching for the types crawl, by TanStack Query: one request per URL however many
 * packages ask for it at once (de-duplication), kept for the session (caching), retried
 * when the network fails (never on a 404), and cancellable. Under it, an IndexedDB cache:
 * a file of a pinned version never changes, so it is read from there first (a reload costs
 * no request); a version range is asked again, and read from there when offline.
 */
import { QueryClient } from '@tanstack/query-core';
import type { FetchText } from './crawl-package';

/** Where fetched files outlive the page (IndexedDB in the worker, a Map in tests). */
export interface TextCache {
  /** The stored text, null for a file known not to exist, undefined when not stored. */
  get(url: string): Promise<string | null | undefined>;
  /** Stores a text (or null: none); failures (quota, private mode) are the cache's to swallow. */
  put(url: string, text: string | null): Promise<void>;
}

export interface TextFetcherOptions {
  /** The network (global fetch in the worker). */
  fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  /** The persistent cache. */
  cache: TextCache;
  /** Attempts after the first failure of a request. */
  retries?: number;
  /** Wait before retry n (0-based), in ms. */
  retryDelayMs?: (attempt: number) => number;
}

/** A response that is neither the file nor a 404: worth retrying. */
class SourceError extends Error {}

export function createTextFetcher(options: TextFetcherOptions) {
  const { fetch, cache } = options;
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: options.retries ?? 2,
        retryDelay: options.retryDelayMs ?? ((attempt) => Math.min(500 * 2 ** attempt, 4000)),
      },
    },
  });

  async function load(
    url: string,
    immutable: boolean,
    signal: AbortSignal,
  ): Promise<string | null> {
    if (immutable) {
      const stored = await cache.get(url);
      if (stored !== undefined) return stored;
    }
    let response: Response;
    try {
      response = await fetch(url, { signal });
      if (response.status === 404) {
        // A pinned version's missing file stays missing: remembered for offline crawls.
        if (immutable) await cache.put(url, null);
        return null;
      }
      if (!response.ok) throw new SourceError(`the type source answered ${response.status}`);
    } catch (error) {
      if (signal.aborted) throw error;
      // Offline, or the source is down: a range asked before is answered from the cache.
      const stored = immutable ? undefined : await cache.get(url);
      if (stored !== undefined) return stored;
      throw error instanceof SourceError
        ? error
        : new SourceError('the type source is unreachable');
    }
    const text = await response.text();
    await cache.put(url, text);
    return text;
  }

  const fetchText: FetchText = (url, { immutable }) =>
    client.fetchQuery({
      queryKey: ['type-source', url],
      queryFn: ({ signal }) => load(url, immutable, signal),
    });

  return {
    fetchText,
    /** Aborts every request under way; their crawls fail with "cancelled". */
    cancel: () => client.cancelQueries(),
  };
}
