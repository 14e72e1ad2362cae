import jsTokens from 'js-tokens';

/**
 * One line of a TS/TSX/JS file as significant tokens (js-tokens: strings, templates, regular
 * expressions, comments and JSX text told apart as a tokenizer does, never by a regex on the
 * line), each knowing whether space came before it.
 */
export interface LineToken {
  type: string;
  value: string;
  /** Whitespace or a comment separates it from the token before. */
  spaced: boolean;
}

const INSIGNIFICANT = new Set([
  'WhiteSpace',
  'LineTerminatorSequence',
  'MultiLineComment',
  'SingleLineComment',
  'HashbangComment',
]);

export function lineTokens(text: string): LineToken[] {
  const out: LineToken[] = [];
  let spaced = false;
  for (const token of jsTokens(text, { jsx: true })) {
    if (INSIGNIFICANT.has(token.type)) {
      spaced = true;
      continue;
    }
    out.push({ type: token.type, value: token.value, spaced });
    spaced = false;
  }
  return out;
}

/** Reserved words and literals: never a name a logpoint shows (`this` only as `this.x`). */
export const KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else export extends ' +
    'finally for function if import in instanceof new return super switch this throw try ' +
    'typeof var void while with null true false undefined NaN Infinity let static yield await'
  ).split(' '),
);

/**
 * Words that are keywords where they stand before a name or a bracket (`get area()`,
 * `for (const p of ps)`, `private base`, `async () =>`), names elsewhere.
 */
export const CONTEXTUAL = new Set(
  (
    'async get set of as from readonly private public protected declare abstract override ' +
    'accessor type interface namespace module satisfies keyof infer is asserts unique enum ' +
    'implements'
  ).split(' '),
);
