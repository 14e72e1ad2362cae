/**
 * Monaco's TypeScript language worker (importing it installs its message handler), with its
 * model lookup made O(1): see typescript/model-lookup.ts.
 */
import { TypeScriptWorker } from 'monaco-editor/languages/features/typescript/ts.worker';
import { createModelLookup, type MirrorModelLike } from './typescript/model-lookup';

interface WorkerInternals {
  _ctx: { getMirrorModels(): MirrorModelLike[] };
  _getModel(fileName: string): MirrorModelLike | null;
}

const proto = TypeScriptWorker.prototype as unknown as WorkerInternals;
// Only while Monaco's worker has the method this replaces (a newer Monaco may not).
if (typeof proto._getModel === 'function') {
  const lookups = new WeakMap<WorkerInternals, WorkerInternals['_getModel']>();
  proto._getModel = function (this: WorkerInternals, fileName: string) {
    let lookup = lookups.get(this);
    if (!lookup) {
      lookup = createModelLookup(() => this._ctx.getMirrorModels(), queueMicrotask);
      lookups.set(this, lookup);
    }
    return lookup(fileName);
  };
}
