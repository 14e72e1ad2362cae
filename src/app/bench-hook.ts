import type { Project } from '../protocol';
import type { Session } from './session';

/** What `npm run bench` drives; present only with `?bench` in the URL. */
export interface BenchHook {
  /** Replaces the project and runs it at once. */
  load(project: Project): Promise<void>;
  /** Changes one file and runs at once (no auto-run debounce in the measurement). */
  edit(path: string, text: string): Promise<void>;
}

export function installBenchHook(session: Session): void {
  if (!new URLSearchParams(location.search).has('bench')) return;
  session.settings.update({ autoRun: false });
  const hook: BenchHook = {
    async load(project) {
      session.project.replace(project);
      await session.controller.run();
    },
    async edit(path, text) {
      session.project.setText(path, text);
      await session.controller.run();
    },
  };
  (window as unknown as { __playpenBench: BenchHook }).__playpenBench = hook;
}
