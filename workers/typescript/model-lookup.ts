/** What the lookup reads of one of the worker's mirror models. */
export interface MirrorModelLike {
  /** The model's URI; `toString(true)` is the form without percent-encoding. */
  uri: { toString(skipEncoding?: boolean): string };
}

/**
 * Finds a mirror model by file name as Monaco's TypeScript worker does (its URI, encoded or
 * not; the first model that matches wins), through an index built once and kept until the
 * microtask checkpoint. Monaco's own `_getModel` scans every model and formats its URI anew at
 * each call, and the language service calls it for every file at every request: O(files²) per
 * keystroke, ~40 ms of the worker's CPU at 300 files, taken from the core the app's main thread
 * types on. Models are only added or removed by messages, which run in tasks of their own, so
 * an index that lives until the end of the current synchronous work is never stale.
 */
export function createModelLookup<M extends MirrorModelLike>(
  models: () => readonly M[],
  afterSync: (drop: () => void) => void,
): (fileName: string) => M | null {
  let index: Map<string, M> | null = null;
  return (fileName) => {
    if (!index) {
      const built = new Map<string, M>();
      for (const model of models())
        for (const key of [model.uri.toString(), model.uri.toString(true)])
          if (!built.has(key)) built.set(key, model);
      index = built;
      afterSync(() => {
        index = null;
      });
    }
    return index.get(fileName) ?? null;
  };
}
