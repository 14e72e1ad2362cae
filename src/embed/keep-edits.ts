/**
 * `persist`: the learner's edits are kept shortly after each change and restored on the next
 * visit; once the files are back to the initial ones (Reset), the kept copy is forgotten.
 */
import type { Project } from '../protocol';
import type { ProjectStore } from '../project/model/store';
import type { EmbedEditsStore } from '../project/storage/embed-edits';
import type { ThrottleClock } from '../ui/throttled-store';
import { sameFiles, textsOf, withFiles } from './embed-project';

/** Quiet time after an edit before it is written. */
export const KEEP_DELAY_MS = 250;

/** The project to start from: the kept edits when there are valid ones, else the initial one. */
export async function restoreEdits(
  store: EmbedEditsStore,
  key: string,
  initial: Project,
): Promise<Project> {
  try {
    const kept = await store.load(key);
    if (!kept) return initial;
    const restored = withFiles(initial, kept.files, kept.entry);
    return restored.ok ? restored.project : initial;
  } catch {
    // Storage refused (private mode, quota): the embed starts as the host gave it.
    return initial;
  }
}

export interface KeepEditsDeps {
  store: EmbedEditsStore;
  key: string;
  project: Pick<ProjectStore, 'getState' | 'subscribe'>;
  initial: Project;
  clock: ThrottleClock;
  /** A write failed: the learner should know their edits are not kept. */
  onError(error: unknown): void;
}

export interface KeptEdits {
  /** Writes what is pending now (the page is going away). */
  flush(): Promise<void>;
  stop(): void;
}

export function keepEdits(deps: KeepEditsDeps): KeptEdits {
  const { store, key, project, initial, clock } = deps;
  let timer: unknown = null;
  let written = project.getState().project;
  const write = async () => {
    if (timer !== null) clock.clear(timer);
    timer = null;
    const now = project.getState().project;
    if (now === written) return;
    written = now;
    try {
      if (sameFiles(now, initial)) await store.forget(key);
      else await store.save({ key, files: textsOf(now), entry: now.entry, savedAt: Date.now() });
    } catch (error) {
      deps.onError(error);
    }
  };
  const unsubscribe = project.subscribe(() => {
    if (project.getState().project === written) return;
    if (timer !== null) clock.clear(timer);
    timer = clock.set(() => void write(), KEEP_DELAY_MS);
  });
  return {
    flush: write,
    stop() {
      if (timer !== null) clock.clear(timer);
      unsubscribe();
    },
  };
}
