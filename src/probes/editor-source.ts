/**
 * What the editor shows of logpoints and line runs (editor/line-annotations.ts), made from
 * Ask the past's findings at the timeline's current tick, so values travel with time; and the
 * editor's acts (add, remove, lines moved by an edit) turned into edits of the project's list.
 */
import type { LineAnnotationSource } from '../editor/line-annotations';
import type { ProjectStore } from '../project/model/store';
import { moveLogpoints, removeLogpoint } from '../project/model/logpoints';
import type { Timeline } from '../run/timeline';
import type { AskPast } from './ask-past';
import { hitAt, hitsUpTo } from './hit-lookup';
import { hitText } from './hit-text';
import type { LogpointView } from './probe-views';

/** While the tick moves (playing), the values after the lines follow at most this often. */
const TICK_FOLLOW_MS = 100;

/** The text after a logpoint's line at `tick`. */
export function afterLineText(view: LogpointView | undefined, tick: number): string | null {
  if (!view) return null;
  if (view.error) return `⚠ ${view.error}`;
  // The hits array grows between two publications of the view: its length is the newest count.
  const total = view.hits.length + view.more;
  const hit = hitAt(view.hits, tick);
  const busy = view.phase === 'preparing' || view.phase === 'replaying';
  if (!hit) {
    if (total === 0) return busy ? '…' : view.phase === 'waiting' ? null : 'never ran';
    return `not run yet by tick ${tick} · ${total.toLocaleString('en-US')} hits`;
  }
  const at = hitsUpTo(view.hits, tick);
  return `${hitText(view.labels, hit)} · hit ${at.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export function createEditorSource(
  askPast: AskPast,
  project: ProjectStore,
  timeline: Timeline,
): LineAnnotationSource {
  return {
    logpoints(path) {
      const views = askPast.getState().logpoints;
      const tick = timeline.getState().tick;
      return project
        .getState()
        .logpoints.filter((l) => l.path === path)
        .map((l) => {
          const view = views[l.id];
          return { id: l.id, line: l.line, text: afterLineText(view, tick), error: !!view?.error };
        });
    },
    lineRuns(path) {
      const lines = askPast.getState().lines;
      if (!lines || lines.path !== path) return null;
      return new Map([...lines.lines].map(([line, { runs }]) => [line, runs]));
    },
    subscribe(listener) {
      let tick = timeline.getState().tick;
      let logpoints = project.getState().logpoints;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const offAsk = askPast.subscribe(listener);
      const offProject = project.subscribe(() => {
        if (project.getState().logpoints === logpoints) return;
        logpoints = project.getState().logpoints;
        listener();
      });
      const offTimeline = timeline.subscribe(() => {
        if (timeline.getState().tick === tick || timer !== null) return;
        timer = setTimeout(() => {
          timer = null;
          tick = timeline.getState().tick;
          listener();
        }, TICK_FOLLOW_MS);
      });
      return () => {
        offAsk();
        offProject();
        offTimeline();
        if (timer !== null) clearTimeout(timer);
      };
    },
    moved(_path, lines) {
      const list = project.getState().logpoints;
      const next = moveLogpoints(list, lines);
      if (next !== list) project.setLogpoints(next);
    },
    add(path, line) {
      void askPast.addLogpoint(path, line).then((added) => {
        if (added.ok) askPast.requestEdit(added.id);
      });
    },
    toggle(path, line) {
      const list = project.getState().logpoints;
      const there = list.find((l) => l.path === path && l.line === line);
      if (there) project.setLogpoints(removeLogpoint(list, there.id));
      else this.add(path, line);
    },
    cursor: (path, line) => askPast.setCursor(path, line),
  };
}
