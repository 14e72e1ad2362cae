/** The smallest single replacement turning `before` into `after` (offsets into `before`). */
export interface TextReplacement {
  /** First changed offset. */
  start: number;
  /** End (exclusive) of the replaced span in `before`. */
  end: number;
  /** Text replacing `before.slice(start, end)`. */
  text: string;
}

/**
 * Common prefix and suffix trimmed off, so an outside change to a file touches only the
 * changed span: cursors, folds and markers elsewhere in the model stay where they were.
 */
export function minimalReplacement(before: string, after: string): TextReplacement {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  ) {
    tail++;
  }
  // Never split a surrogate pair or a CRLF between the kept and the replaced text.
  const splits = (s: string, i: number) =>
    i > 0 &&
    i < s.length &&
    ((/[\uD800-\uDBFF]/.test(s[i - 1]!) && /[\uDC00-\uDFFF]/.test(s[i]!)) ||
      (s[i - 1] === '\r' && s[i] === '\n'));
  while (start > 0 && (splits(before, start) || splits(after, start))) start--;
  while (tail > 0 && (splits(before, before.length - tail) || splits(after, after.length - tail))) {
    tail--;
  }
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
