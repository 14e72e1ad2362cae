/**
 * The types crawl's persistent cache: fetched files by URL in IndexedDB, so a reload or an
 * offline session keeps the types. Without IndexedDB (private modes) it stores nothing.
 */
import { openDB } from 'idb';
import type { TextCache } from './text-fetcher';

const STORE = 'files';

export function openTypeCache(name = 'playpen-types'): TextCache {
  const db = openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  }).catch(() => null);
  return {
    async get(url) {
      try {
        const value: unknown = await (await db)?.get(STORE, url);
        return typeof value === 'string' || value === null ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async put(url, text) {
      try {
        await (await db)?.put(STORE, text, url);
      } catch {
        // Quota or a closed database: the file is fetched again next time.
      }
    },
  };
}
