import type { Project } from '../protocol';
import { enablePerfMarks } from '../run/perf-marks';
import { modelPaths } from '../editor/models';
import type { Session } from './session';

/** What `npm run bench` drives; present only with `?bench` in the URL. */
export interface BenchHook {
  /** Replaces the project and runs it at once. */
  load(project: Project): Promise<void>;
  /** Changes one file and runs at once (no auto-run debounce in the measurement). */
  edit(path: string, text: string): Promise<void>;
  /** ms from the last load/edit to each phase mark of its run (saved, built, frame-ready, program-sent). */
  phases(): Record<string, number>;
  /** The bundler worker's own ms for the last run's build (null: known without the worker). */
  buildMs(): number | null;
  /** Shows a file in the editor, as a click on it in the Files tree would. */
  open(path: string): void;
  /** Turns auto-run on or off (off when the hook installs, so edits time the run alone). */
  setAutoRun(on: boolean): void;
  /** The project files that have an editor model (made when first shown: models.ts). */
  editorModels(): string[];
}

const START = 'playpen:edit';

export function installBenchHook(session: Session): void {
  if (!new URLSearchParams(location.search).has('bench')) return;
  session.settings.update({ autoRun: false });
  enablePerfMarks();
  const begin = () => {
    performance.clearMarks();
    performance.mark(START);
  };
  const hook: BenchHook = {
    async load(project) {
      begin();
      session.project.replace(project);
      await session.controller.run();
    },
    async edit(path, text) {
      begin();
      session.project.setText(path, text);
      await session.controller.run();
    },
    phases() {
      const start = performance.getEntriesByName(START, 'mark')[0]?.startTime ?? 0;
      const out: Record<string, number> = {};
      for (const entry of performance.getEntriesByType('mark'))
        if (entry.name !== START) out[entry.name.replace('playpen:', '')] = entry.startTime - start;
      return out;
    },
    buildMs: () => session.controller.getState().buildMs,
    open(path) {
      session.project.setActive(path);
    },
    setAutoRun(on) {
      session.settings.update({ autoRun: on });
    },
    editorModels: () => modelPaths().sort(),
  };
  (window as unknown as { __playpenBench: BenchHook }).__playpenBench = hook;
}
