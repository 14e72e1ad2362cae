/**
 * Finds the import specifiers of a JS/TS source without a parser: a small tokenizer that
 * skips comments, strings, template literals and (heuristically) regex literals, then
 * matches `import 'x'`, `from 'x'`, `import('x')` and `require('x')`. Type-only imports are
 * left out: they are erased at build time and never reach the browser.
 */

type Token = { kind: 'word' | 'punct'; value: string } | { kind: 'string'; value: string };

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;
/** After these the next `/` starts a regex, not a division. */
const REGEX_AFTER = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const REGEX_AFTER_WORDS = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'void',
  'yield',
  'await',
]);

/** Index just past a quoted string starting at `i`; strings end at a line break too (recovery). */
function skipQuoted(src: string, i: number, quote: string): [number, string | null] {
  let out = '';
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      out += src[j + 1] ?? '';
      j++;
    } else if (c === quote) return [j + 1, out];
    else if (c === '\n') return [j, null];
    else out += c;
  }
  return [src.length, null];
}

/** Index just past a template literal starting at `i` (nested `${…}` included). */
function skipTemplate(src: string, i: number): number {
  let depth = 0;
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (depth === 0 && c === '`') return j + 1;
    else if (c === '$' && src[j + 1] === '{') {
      depth++;
      j++;
    } else if (depth > 0 && c === '{') depth++;
    else if (depth > 0 && c === '}') depth--;
  }
  return src.length;
}

function skipRegex(src: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '\n') return j;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return j + 1;
  }
  return src.length;
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.kind === 'punct') return REGEX_AFTER.has(prev.value);
    return prev.kind === 'word' && REGEX_AFTER_WORDS.has(prev.value);
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === '"' || c === "'") {
      const [end, value] = skipQuoted(src, i, c);
      if (value !== null) tokens.push({ kind: 'string', value });
      i = end;
    } else if (c === '`') {
      tokens.push({ kind: 'punct', value: '`' });
      i = skipTemplate(src, i);
    } else if (c === '/' && regexAllowed()) {
      tokens.push({ kind: 'punct', value: '/re/' });
      i = skipRegex(src, i);
    } else if (WORD.test(c)) {
      let j = i + 1;
      while (j < src.length && WORD.test(src[j] as string)) j++;
      tokens.push({ kind: 'word', value: src.slice(i, j) });
      i = j;
    } else if (/\s/.test(c)) i++;
    else {
      tokens.push({ kind: 'punct', value: c });
      i++;
    }
  }
  return tokens;
}

const isWord = (t: Token | undefined, value: string) => t?.kind === 'word' && t.value === value;
const isPunct = (t: Token | undefined, value: string) => t?.kind === 'punct' && t.value === value;

/** Every module specifier the source imports at run time, in order, without repeats. */
export function scanImports(src: string): string[] {
  const tokens = tokenize(src);
  const found = new Set<string>();
  let typeOnly = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (isPunct(prev, '.')) continue; // `x.import`, `obj.require(...)`
    if (isWord(t, 'import') || isWord(t, 'export')) {
      // `import type { A } from`, `export type * from`; but `import type from 'x'` is a value.
      const after = tokens[i + 2];
      typeOnly = isWord(next, 'type') && !isWord(after, 'from') && !isPunct(after, ',');
      if (isWord(t, 'import') && next?.kind === 'string') found.add(next.value);
      if (isWord(t, 'import') && isPunct(next, '(') && tokens[i + 2]?.kind === 'string')
        found.add((tokens[i + 2] as Token).value);
    } else if (isWord(t, 'from') && next?.kind === 'string') {
      if (!typeOnly) found.add(next.value);
      typeOnly = false;
    } else if (isWord(t, 'require') && isPunct(next, '(') && tokens[i + 2]?.kind === 'string') {
      found.add((tokens[i + 2] as Token).value);
    } else if (isPunct(t, ';')) typeOnly = false;
  }
  return [...found];
}
