/**
 * `persist`: the learner's files go to the host page shortly after each edit (the SDK keeps
 * them in the page's own storage, keyed by the page and the initial files: a cross-site
 * embed's frame is refused storage by browsers that block third-party storage), and come back
 * in the next connect. Once the files are the initial ones again (Reset), the host forgets them.
 */
import type { Project } from '../protocol';
import type { ProjectStore } from '../project/model/store';
import type { ThrottleClock } from '../ui/throttled-store';
import { sameFiles, textsOf, withFiles } from './embed-project';

/** Quiet time after an edit before it is sent to be kept. */
export const KEEP_DELAY_MS = 250;

/** The project to open: the kept files when they still make a project, else the initial one. */
export function restoreEdits(initial: Project, kept: Record<string, string> | undefined): Project {
  if (!kept) return initial;
  const restored = withFiles(initial, kept);
  return restored.ok ? restored.project : initial;
}

export interface KeepEditsDeps {
  project: Pick<ProjectStore, 'getState' | 'subscribe'>;
  initial: Project;
  clock: ThrottleClock;
  /** Hands the files to keep to the host (null: forget them). */
  keep(files: Record<string, string> | null): void;
}

export interface KeptEdits {
  /** Sends what is pending now (the page is going away). */
  flush(): void;
  stop(): void;
}

export function keepEdits({ project, initial, clock, keep }: KeepEditsDeps): KeptEdits {
  let timer: unknown = null;
  let sent = project.getState().project;
  const send = () => {
    if (timer !== null) clock.clear(timer);
    timer = null;
    const now = project.getState().project;
    if (now === sent) return;
    sent = now;
    keep(sameFiles(now, initial) ? null : textsOf(now));
  };
  const unsubscribe = project.subscribe(() => {
    if (project.getState().project === sent) return;
    if (timer !== null) clock.clear(timer);
    timer = clock.set(send, KEEP_DELAY_MS);
  });
  return {
    flush: send,
    stop() {
      if (timer !== null) clock.clear(timer);
      unsubscribe();
    },
  };
}
