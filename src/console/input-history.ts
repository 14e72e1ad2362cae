/**
 * The console input's history, as in browser devtools: Up recalls older lines, Down newer
 * ones, and past the newest the line being written comes back (a draft is never lost to a
 * look through the history). Pure: the view calls it with the box's text.
 */

export interface InputHistory {
  /** Records an evaluated line (not a repeat of the newest) and ends any browsing. */
  add(line: string): void;
  /** The older line to show in place of `current`, or null at the oldest. */
  older(current: string): string | null;
  /** The newer line, or the draft past the newest; null when not browsing. */
  newer(current: string): string | null;
  /** Lines kept, oldest first. */
  lines(): readonly string[];
}

/** `max`: lines kept; older ones are forgotten. */
export function createInputHistory(max = 100): InputHistory {
  let lines: string[] = [];
  /** Index into `lines` being shown; lines.length = the draft. */
  let at = 0;
  let draft = '';
  /** Edits made to recalled lines, kept while browsing, as devtools do. */
  let edits = new Map<number, string>();

  const show = (i: number): string => (i === lines.length ? draft : (edits.get(i) ?? lines[i]!));
  const keep = (current: string) => {
    if (at === lines.length) draft = current;
    else if (current !== lines[at]) edits.set(at, current);
    else edits.delete(at);
  };

  return {
    add(line) {
      if (line.trim() !== '' && lines[lines.length - 1] !== line) {
        lines = [...lines, line].slice(-max);
      }
      at = lines.length;
      draft = '';
      edits = new Map();
    },
    older(current) {
      if (at === 0) return null;
      keep(current);
      return show(--at);
    },
    newer(current) {
      if (at >= lines.length) return null;
      keep(current);
      return show(++at);
    },
    lines: () => lines,
  };
}
