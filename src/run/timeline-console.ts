import { byTick, lastTickOf, type Logged } from './console-by-tick';
import type { History } from './history';
import type { TimelineDeps } from './timeline-types';

/**
 * What the console shows of a run's history: output up to one tick, refilled from the history
 * when the timeline moves back, plus the run's environment notice and where a shared run's
 * replay stopped (told once, and told again whenever the console is refilled: a timeline
 * shorter than the sender's says why at every tick of it).
 */
export function createTimelineConsole(
  deps: Pick<TimelineDeps, 'resetConsole' | 'showConsole' | 'notice'>,
) {
  let shownUpTo = 0;
  let noted: string | null = null;
  let stopped: string | null = null;
  return {
    /** A new run: nothing shown, nothing noted. */
    reset() {
      shownUpTo = 0;
      noted = null;
      stopped = null;
    },
    /** Shows the history's output up to `tick`: appended going forward, refilled going back. */
    follow(history: History, tick: number) {
      if (tick < shownUpTo) {
        deps.resetConsole(history.messagesIn(-1, tick));
        if (noted) deps.notice(noted);
        if (stopped) deps.notice(stopped);
        if (history.first > 0)
          deps.notice(`Output before tick ${history.first} fell out of the history.`);
      } else if (tick > shownUpTo) deps.showConsole(history.messagesIn(shownUpTo, tick));
      shownUpTo = tick;
    },
    /**
     * Output from the preview: the parts of ticks after `known` (the history's output up to
     * there is not new) go into the history. Returns true when the caller shows the message
     * as it is; a part of it is shown here (a played recording's ticks come from the history).
     */
    output(history: History, message: Logged, known: number): boolean {
      const all = byTick(message);
      const parts = all.filter(([tick]) => tick > known);
      if (parts.length === 0) return false;
      // The history's output before these shows first (it may not have been reached yet).
      if (shownUpTo < known) this.follow(history, known);
      for (const [tick, part] of parts) history.log(tick, part);
      shownUpTo = Math.max(shownUpTo, lastTickOf(message));
      if (parts.length === all.length) return true;
      deps.showConsole(parts.map(([, part]) => part));
      return false;
    },
    /** Shows the history's output up to `tick` at most, from scratch (a restored future). */
    refill(history: History, tick: number) {
      shownUpTo = Math.min(shownUpTo, tick);
      deps.resetConsole(history.messagesIn(-1, shownUpTo));
    },
    /** Where a shared run's replay stopped; null once the run forked (live from before it). */
    stopped(note: string | null) {
      if (note) deps.notice(note);
      stopped = note;
    },
    /** The environment notice of a tick, told when it differs from the last one told. */
    environment(note: string) {
      if (note !== noted) deps.notice(note);
      noted = note;
    },
  };
}
