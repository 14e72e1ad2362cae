import type { ProjectFile } from '../../src/protocol';
import { fileAt, hasFile } from '../../src/project/model/file-lookup';

/** Same kind and content (bytes compared directly, no hash). */
export const sameFile = (a: ProjectFile | undefined, b: ProjectFile | undefined): boolean => {
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'text') return a.text === (b as typeof a).text;
  const x = a.bytes;
  const y = (b as typeof a).bytes;
  if (x === y) return true;
  if (x.length !== y.length || a.mime !== (b as typeof a).mime) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};

interface Entry<T> {
  key: string;
  inputs: Record<string, ProjectFile>;
  value: T;
}

/**
 * Compile results per project path, valid while every input file has the same content and
 * the options key is the same. Contents are compared directly (no hash, so no collisions);
 * a few versions per path are kept so undo/redo hits too.
 */
export class CompileCache<T> {
  private readonly byPath = new Map<string, Entry<T>[]>();

  constructor(private readonly versionsPerPath = 3) {}

  get(path: string, key: string, files: Record<string, ProjectFile>): T | undefined {
    const entries = this.byPath.get(path);
    const hit = entries?.find(
      (e) =>
        e.key === key && Object.entries(e.inputs).every(([p, f]) => sameFile(f, fileAt(files, p))),
    );
    if (hit && entries && entries[0] !== hit) {
      entries.splice(entries.indexOf(hit), 1);
      entries.unshift(hit);
    }
    return hit?.value;
  }

  set(path: string, key: string, inputs: Record<string, ProjectFile>, value: T): void {
    const entries = this.byPath.get(path) ?? [];
    entries.unshift({ key, inputs, value });
    entries.length = Math.min(entries.length, this.versionsPerPath);
    this.byPath.set(path, entries);
  }

  /** Forgets paths no longer in the project, so memory follows the project, not its history. */
  prune(files: Record<string, ProjectFile>): void {
    for (const path of this.byPath.keys()) if (!hasFile(files, path)) this.byPath.delete(path);
  }
}
