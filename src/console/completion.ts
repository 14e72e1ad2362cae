/**
 * Completion of global names in the console input, as devtools offer it: the identifier being
 * typed at the caret, matched against the preview's globals and the console's own bindings.
 * Only globals: a property (`document.bo`) would need the object, and reading it could run the
 * program's getters outside a tick. Pure: the view calls it with the box's text and caret.
 */

/** Keywords a line may start with or use, offered beside the names. */
// prettier-ignore
const KEYWORDS = [
  'async', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger',
  'default', 'delete', 'do', 'else', 'false', 'finally', 'for', 'function', 'if', 'in',
  'instanceof', 'let', 'new', 'null', 'return', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'undefined', 'var', 'void', 'while', 'yield',
];

/** Most completions listed at once. */
export const MAX_COMPLETIONS = 50;

const isWordChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);

/** Whether `end` is inside a string, template or comment of `text` (a light scan, no regex literals). */
function inStringOrComment(text: string, end: number): boolean {
  let quote: string | null = null;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      if (eol === -1 || eol >= end) return true;
      i = eol;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1 || close + 2 > end) return true;
      i = close + 1;
    }
  }
  return quote !== null;
}

/** The word to complete: where it starts and what is typed of it. */
export interface Word {
  /** Offset of its first character. */
  start: number;
  /** Its text up to the caret. */
  prefix: string;
}

/**
 * The identifier ending at `caret`, or null where a global name does not fit: in the middle
 * of a word, after a `.` (a property), in a number, a string or a comment.
 */
export function wordAt(text: string, caret: number): Word | null {
  if (isWordChar(text[caret])) return null;
  let start = caret;
  while (start > 0 && isWordChar(text[start - 1])) start--;
  const prefix = text.slice(start, caret);
  if (prefix === '' || /^\d/.test(prefix) || text[start - 1] === '.') return null;
  return inStringOrComment(text, start) ? null : { start, prefix };
}

/**
 * The names and keywords that complete `prefix`: those that start with it as typed first, then
 * those that do ignoring case, each in alphabetical order; none when the only one is the
 * prefix itself (nothing is left to complete).
 */
export function completionsFor(names: readonly string[], prefix: string): string[] {
  const lower = prefix.toLowerCase();
  const exact: string[] = [];
  const loose: string[] = [];
  for (const name of new Set([...names, ...KEYWORDS])) {
    if (name.startsWith(prefix)) exact.push(name);
    else if (name.toLowerCase().startsWith(lower)) loose.push(name);
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const all = [...exact.sort(byName), ...loose.sort(byName)].slice(0, MAX_COMPLETIONS);
  return all.length === 1 && all[0] === prefix ? [] : all;
}

/** The text and caret after `name` replaces the word. */
export function complete(text: string, word: Word, name: string): { text: string; caret: number } {
  const end = word.start + word.prefix.length;
  return {
    text: text.slice(0, word.start) + name + text.slice(end),
    caret: word.start + name.length,
  };
}
